import PinModel
import PinStore
import Foundation

/// Pins from a GPX 1.0 or 1.1 file (or one without a namespace), parsed by `XMLParser`
/// (Tests/PinmapCLITests/Fixtures/formats/MAPPING.md §1).
///
/// Only `<wpt>` elements of the `<gpx>` root become pins: `lat`/`lon` attributes → latitude,
/// longitude; `name` → title (the coordinates when it is missing); `desc` → description, else
/// `cmt`; `type` → category, verbatim; `time` → created_at in UTC. Every other child leaf
/// (`ele`, `sym`, `cmt` beside a `desc`, `src`, `url`, `urlname`, …) and every leaf below
/// `<extensions>` at any depth goes to properties under its local name, as trimmed text;
/// `<link href>` gives `link`. Tracks and routes are skipped and counted. Pinmap's own export
/// (`GPXExport`) is read back exactly: `<pinmap:property name="K">` gives the key `K`, and
/// `<pinmap:created_at>` the created_at as written.
///
/// This reader runs on a thread of its own under `XMLParser` and only collects each
/// waypoint's texts (`GPXWaypoint`); the import's reading thread turns them into pins. The
/// parse is the critical path of a GPX import, so the work per event here is kept small.
struct GPXReader {
    /// An element open below the waypoint.
    private struct OpenElement {
        var name: String
        /// Whether it has child elements (then it is no leaf).
        var hasChildren = false
        /// The property key its text gets (its local name; `<pinmap:property name>` gives `name`).
        var key: String
        /// `<pinmap:created_at>`.
        var isExactCreatedAt = false
    }

    private let channel: RecordChannel<GPXWaypoint>
    private var batch: [GPXWaypoint] = []
    private var waypoints = 0
    private(set) var stopped = false
    private var skips = SkipCounter()
    private var depth = 0
    private var waypoint: GPXWaypoint?
    private var open: [OpenElement] = []
    private var text = ""

    private init(channel: RecordChannel<GPXWaypoint>) {
        self.channel = channel
        batch.reserveCapacity(RecordChannel<GPXWaypoint>.batchSize)
    }

    /// Hands XMLParser's events to the reader. Its state sits behind a pointer: a class's
    /// stored property costs a dynamic exclusivity check per access (`swift_beginAccess`, 6%
    /// of the parse even with the state in one struct). Only the parsing thread touches it.
    private final class Handler: XMLEventHandler {
        let reader: UnsafeMutablePointer<GPXReader>
        init(_ reader: GPXReader) {
            self.reader = .allocate(capacity: 1)
            self.reader.initialize(to: reader)
        }
        deinit {
            reader.deinitialize(count: 1)
            reader.deallocate()
        }
        func start(_ name: String, pinmap: Bool, attributes: [String: String], line: Int) {
            reader.pointee.start(name, pinmap: pinmap, attributes: attributes, line: line)
        }
        func end(_ name: String) { reader.pointee.end() }
        func characters(_ text: String) { reader.pointee.characters(text) }
        var stopped: Bool { reader.pointee.stopped }
    }

    /// Starts parsing `data` on a thread of its own; the waypoints arrive as they are read.
    /// The reader joins the thread before it reports the end or the failure (`StreamedRecords`).
    /// Malformed XML (`ImportError.malformedXML`, the line where libxml2 stopped) is thrown
    /// by the reader after the rows before it: the import's transaction then keeps nothing.
    static func stream(_ data: Data, path: String) -> StreamedRecords<GPXWaypoint> {
        let channel = RecordChannel<GPXWaypoint>()
        let thread = JoinableThread {
            let handler = Handler(GPXReader(channel: channel))
            do {
                let guardNotes = try XMLRunner.run(data, path: path, handler: handler)
                let reader = handler.reader.pointee
                if !reader.batch.isEmpty { _ = channel.put(reader.batch) }
                channel.finish(notes: guardNotes + reader.skips.notes, failure: nil)
            } catch {
                channel.finish(notes: [], failure: error as? ImportError ?? .unreadable(path: path, reason: "\(error)"))
            }
        }
        return StreamedRecords(channel, producer: thread)
    }

    mutating func start(_ name: String, pinmap: Bool, attributes: [String: String], line: Int) {
        depth += 1
        if waypoint != nil {
            if !open.isEmpty { open[open.count - 1].hasChildren = true }
            var element = OpenElement(name: name, key: name)
            if pinmap {
                if name == "property", let n = attributes["name"] { element.key = n }
                element.isExactCreatedAt = name == "created_at"
            }
            open.append(element)
            text = ""
            if open.count == 1 && name == "link", let href = attributes["href"] {
                waypoint?.leaves.append(GPXWaypoint.Leaf(name: "link", text: href, direct: false))
            }
            return
        }
        guard depth == 2 else { return }
        switch name {
        case "wpt":
            // A walk over the few attributes: two hashed lookups cost more.
            var lat: String?, lon: String?
            for (key, value) in attributes {
                if key == "lat" { lat = value } else if key == "lon" { lon = value }
            }
            waypoint = GPXWaypoint(line: line, lat: lat, lon: lon)
        case "trk": skips.add(.track)
        case "rte": skips.add(.route)
        default: break
        }
    }

    mutating func end() {
        defer { depth -= 1 }
        guard waypoint != nil else { return }
        guard let last = open.popLast() else {
            finishWaypoint()
            return
        }
        if !last.hasChildren {
            // A leaf: direct children of <wpt> may map to columns; <link>'s children are
            // named after it (`link_text`); leaves below <extensions> keep their own name.
            if last.isExactCreatedAt {
                waypoint?.exactCreatedAt = text
            } else {
                let key = open.count == 1 && open[0].name == "link" ? "link_\(last.name)" : last.key
                waypoint?.leaves.append(GPXWaypoint.Leaf(name: key, text: text, direct: open.isEmpty))
            }
        }
        text = ""
    }

    /// Text may come in several pieces (around an entity, a CDATA section).
    mutating func characters(_ string: String) {
        guard waypoint != nil else { return }
        if text.isEmpty { text = string } else { text += string }
    }

    private mutating func finishWaypoint() {
        guard var w = waypoint else { return }
        waypoint = nil
        waypoints += 1
        w.number = waypoints
        batch.append(w)
        if batch.count >= RecordChannel<GPXWaypoint>.batchSize {
            stopped = !channel.put(batch)
            batch = []
            batch.reserveCapacity(RecordChannel<GPXWaypoint>.batchSize)
        }
    }
}

/// Outcomes read whole (GPX, KML), handed out one by one.
struct ListedRecords: PinRecordReader {
    var outcomes: [RowOutcome]
    let notes: [ImportNote]
    let skippedGeometry: [SkippedCount]
    private var index = 0

    init(outcomes: [RowOutcome], notes: [ImportNote], skippedGeometry: [SkippedCount] = []) {
        self.outcomes = outcomes
        self.notes = notes
        self.skippedGeometry = skippedGeometry
    }

    mutating func next() -> RowOutcome? {
        guard index < outcomes.count else { return nil }
        defer { index += 1 }
        return outcomes[index]
    }
}
