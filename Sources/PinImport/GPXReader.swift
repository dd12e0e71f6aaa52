import Foundation

/// Pins from a GPX 1.0 or 1.1 file (or one without a namespace), parsed by `XMLParser`
/// (MAPPING.md §1).
///
/// Only `<wpt>` elements of the `<gpx>` root become pins: `lat`/`lon` attributes → latitude,
/// longitude; `name` → title (the coordinates when it is missing); `desc` → description, else
/// `cmt`; `type` → category, verbatim; `time` → created_at in UTC. Every other child leaf
/// (`ele`, `sym`, `cmt` beside a `desc`, `src`, `url`, `urlname`, …) and every leaf below
/// `<extensions>` at any depth goes to properties under its local name, as trimmed text;
/// `<link href>` gives `link`. Tracks and routes are skipped and counted. Pinmap's own export
/// (`GPXExport`) is read back exactly: `<pinmap:property name="K">` gives the key `K`, and
/// `<pinmap:created_at>` the created_at as written.
struct GPXReader {
    /// The waypoint being read.
    private struct Waypoint {
        var line: Int
        var lat: String?
        var lon: String?
        /// Leaves in source order: (local name, trimmed text, a direct child of `<wpt>`).
        var leaves: [(name: String, text: String, direct: Bool)] = []
        /// `<pinmap:created_at>`: Pinmap's export keeps a created_at that `<time>` cannot hold.
        var exactCreatedAt: String?
    }

    private let channel: RecordChannel
    private var batch: [RowOutcome] = []
    private var waypoints = 0
    private(set) var stopped = false
    private var skips = SkipCounter()
    private var depth = 0
    private var waypoint: Waypoint?
    /// Below the waypoint: the open elements, whether each has child elements, and the
    /// property key a leaf gets (its local name; `<pinmap:property name>` gives its `name`).
    private var open: [(name: String, hasChildren: Bool, key: String)] = []
    private var text = ""

    private init(channel: RecordChannel) {
        self.channel = channel
    }

    /// Hands XMLParser's events to the reader: its state is one struct, so each event costs
    /// one exclusivity check, not one per property (they were 8% of a GPX import).
    private final class Handler: XMLEventHandler {
        var reader: GPXReader
        init(_ reader: GPXReader) { self.reader = reader }
        func start(_ name: String, pinmap: Bool, attributes: [String: String], line: Int) {
            reader.start(name, pinmap: pinmap, attributes: attributes, line: line)
        }
        func end(_ name: String) { reader.end(name) }
        func characters(_ text: String) { reader.characters(text) }
        var stopped: Bool { reader.stopped }
    }

    /// Starts parsing `data` on a thread of its own; the waypoints arrive as they are read.
    /// The reader joins the thread before it reports the end or the failure (`StreamedRecords`).
    /// Malformed XML (`ImportError.malformedXML`, the line where libxml2 stopped) is thrown
    /// by the reader after the rows before it: the import's transaction then keeps nothing.
    static func stream(_ data: Data, path: String) -> StreamedRecords {
        let channel = RecordChannel()
        let thread = JoinableThread {
            let handler = Handler(GPXReader(channel: channel))
            do {
                try XMLRunner.run(data, path: path, handler: handler)
                if !handler.reader.batch.isEmpty { _ = channel.put(handler.reader.batch) }
                channel.finish(notes: handler.reader.skips.notes, failure: nil)
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
            var key = name
            if pinmap && name == "property", let n = attributes["name"] { key = n }
            if pinmap && name == "created_at" { key = Self.exactCreatedAtKey }
            open.append((name, false, key))
            text = ""
            if name == "link", open.count == 1, let href = attributes["href"] {
                waypoint?.leaves.append(("link", trimmedText(href), false))
            }
            return
        }
        guard depth == 2 else { return }
        switch name {
        case "wpt": waypoint = Waypoint(line: line, lat: attributes["lat"], lon: attributes["lon"])
        case "trk": skips.add("track", "tracks")
        case "rte": skips.add("route", "routes")
        default: break
        }
    }

    mutating func end(_ name: String) {
        defer { depth -= 1 }
        guard waypoint != nil else { return }
        guard let last = open.popLast() else {
            finishWaypoint()
            return
        }
        if !last.hasChildren {
            // A leaf: direct children of <wpt> may map to columns; <link>'s children are
            // named after it (`link_text`); leaves below <extensions> keep their own name.
            let key = open.count == 1 && open[0].name == "link" ? "link_\(last.name)" : last.key
            if key == Self.exactCreatedAtKey {
                waypoint?.exactCreatedAt = trimmedText(text)
            } else {
                waypoint?.leaves.append((key, trimmedText(text), open.isEmpty))
            }
        }
        text = ""
    }

    /// Marks `<pinmap:created_at>` in `open` (not a possible property key: it holds a NUL).
    private static let exactCreatedAtKey = "\u{0}created_at"

    mutating func characters(_ string: String) {
        if waypoint != nil { text += string }
    }

    private mutating func finishWaypoint() {
        guard let w = waypoint else { return }
        waypoint = nil
        waypoints += 1
        batch.append(Self.pin(w, number: waypoints))
        if batch.count >= RecordChannel.batchSize {
            stopped = !channel.put(batch)
            batch = []
            batch.reserveCapacity(RecordChannel.batchSize)
        }
    }

    private static func pin(_ w: Waypoint, number: Int) -> RowOutcome {
        var issues: [RowIssue] = []
        func coordinate(_ text: String?, _ field: String, _ axis: String) -> Double? {
            let t = trimmedText(text ?? "")
            if let v = Double(t), v.isFinite { return v }
            issues.append(RowIssue(line: w.line, field: field, value: t,
                                   reason: "waypoint \(number): \(field) \(t.isEmpty ? "is missing" : "'\(t)' is not a number") (the \(axis) in decimal degrees)",
                                   rule: t.isEmpty ? .emptyCoordinate : .notANumber))
            return nil
        }
        let lat = coordinate(w.lat, "lat", "latitude")
        let lon = coordinate(w.lon, "lon", "longitude")
        if let lat, let lon {
            issues += CoordinateParser.rangeIssues(latitude: lat, longitude: lon, latText: w.lat ?? "", lonText: w.lon ?? "",
                                                   latField: "lat", lonField: "lon")
                .map { var i = $0; i.line = w.line; i.reason = "waypoint \(number): " + i.reason; return i }
        }
        guard issues.isEmpty, let lat, let lon else { return .rejected(issues) }

        // The mapped children, in one pass (the first of each).
        var name: String?, desc: String?, cmt: String?, type: String?, time: String?
        for leaf in w.leaves where leaf.direct {
            switch leaf.name {
            case "name": if name == nil { name = leaf.text }
            case "desc": if desc == nil { desc = leaf.text }
            case "cmt": if cmt == nil { cmt = leaf.text }
            case "type": if type == nil { type = leaf.text }
            case "time": if time == nil { time = leaf.text }
            default: break
            }
        }
        let descriptionKey = desc != nil ? "desc" : "cmt"
        func mapped(_ name: String) -> Bool {
            switch name {
            case "name", "type", "time": return true
            default: return name == descriptionKey
            }
        }
        var properties = PropertiesJSON()
        for leaf in w.leaves where !(leaf.direct && mapped(leaf.name)) && !leaf.text.isEmpty {
            properties.add(leaf.name, string: leaf.text)
        }
        let title = name.flatMap { $0.isEmpty ? nil : $0 } ?? "\(trimmedText(w.lat ?? "")), \(trimmedText(w.lon ?? ""))"
        return .accepted(ParsedPin(
            line: w.line, title: title,
            description: desc ?? cmt ?? "",
            category: type ?? "",
            createdAt: w.exactCreatedAt ?? UTCTimestamp.normalize(time ?? ""),
            latitude: lat, longitude: lon, properties: properties.text))
    }
}

/// Outcomes read whole (GPX, KML), handed out one by one.
struct ListedRecords: PinRecordReader {
    var outcomes: [RowOutcome]
    let notes: [String]
    private var index = 0

    init(outcomes: [RowOutcome], notes: [String]) {
        self.outcomes = outcomes
        self.notes = notes
    }

    mutating func next() -> RowOutcome? {
        guard index < outcomes.count else { return nil }
        defer { index += 1 }
        return outcomes[index]
    }
}
