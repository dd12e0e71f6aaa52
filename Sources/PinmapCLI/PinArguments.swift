import PinModel
import PinImport
import PinStore

/// The pin fields a command line can give (`add`, `edit`); nil: not given.
struct PinFields {
    var title: String?
    var description: String?
    var category: String?
    var latitude: Double?
    var longitude: Double?

    var isEmpty: Bool {
        title == nil && description == nil && category == nil && latitude == nil && longitude == nil
    }

    /// The options of `add` (`editing` false: title and coordinates required) and `edit`
    /// (each replaces one field; the others stay).
    static func options(editing: Bool) -> [(String, String)] {
        let given = editing ? "new " : ""
        return [
            ("--title", editing ? "new title (surrounding spaces dropped)" : "title, required (surrounding spaces dropped)"),
            ("--lat", "\(given)latitude\(editing ? "" : ", required"): decimal degrees −90…90 (37.5665) or DMS (37°33′59″N)"),
            ("--lon", "\(given)longitude\(editing ? "" : ", required"): decimal degrees −180…180 (126.978) or DMS (126°58′41″E)"),
            ("--description", "\(given)description (free text)"),
            ("--category", "\(given)category (surrounding spaces dropped)"),
        ]
    }

    /// Reads the fields from `args`, validating like the importer: a blank
    /// title, coordinates that are not numbers (NaN, inf, hexadecimal) or out
    /// of range are refused.
    /// - Throws: `CLIError.usage` naming the option and the rule.
    static func parse(_ args: ParsedArguments, command: String) throws(CLIError) -> PinFields {
        var f = PinFields()
        if let t = args.value("--title") {
            guard case .success(let title) = PinTitle.validated(t) else {
                throw .usage(command: command, message: "--title must not be blank")
            }
            f.title = title
        }
        f.description = args.value("--description")
        f.category = args.value("--category").map(trimmedText)
        f.latitude = try args.value("--lat").map { v throws(CLIError) in try coordinate(v, .latitude, "--lat", command) }
        f.longitude = try args.value("--lon").map { v throws(CLIError) in try coordinate(v, .longitude, "--lon", command) }
        return f
    }

    /// One coordinate through the importer's `CoordinateParser` (decimal
    /// degrees, DMS, DDM, hemisphere letters), range-checked.
    /// - Throws: `CLIError.usage` with the parser's reason.
    static func coordinate(_ text: String, _ axis: CoordinateAxis, _ flag: String, _ command: String) throws(CLIError) -> Double {
        switch CoordinateParser.parse(text, axis: axis, field: axis == .latitude ? .latitude(key: flag) : .longitude(key: flag)) {
        case .failure(let issue):
            throw .usage(command: command, message: "\(flag): \(issue.reason)" + pairHint(text, flag))
        case .success(let v):
            // Worded as the importer's range issues; one value alone cannot look swapped.
            guard !axis.contains(v) else { return v }
            let t = trimmedText(text)
            let shown = Double(t) != nil ? t : "\(t) (\(v)°)"
            throw .usage(command: command, message: "\(flag): " + axis.outsideReason(shown))
        }
    }
}

extension PinFields {
    /// What to do when `--lat` or `--lon` was given both coordinates, as a map app copies
    /// them (`37.5665, 126.9780`): "; that is a latitude and a longitude: give --lat 37.5665
    /// --lon 126.9780". Empty for any other text or flag. A newcomer pasting the pair was told
    /// only that it "is not a number".
    static func pairHint(_ text: String, _ flag: String) -> String {
        guard flag == "--lat" || flag == "--lon" else { return "" }
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { trimmedText(String($0)) }
        guard parts.count == 2,
              case .success(let lat) = CoordinateParser.parse(parts[0], axis: .latitude, field: .latitude(key: "--lat")),
              case .success(let lon) = CoordinateParser.parse(parts[1], axis: .longitude, field: .longitude(key: "--lon")),
              CoordinateAxis.latitude.contains(lat), CoordinateAxis.longitude.contains(lon) else { return "" }
        return "; that is a latitude and a longitude: give --lat \(parts[0]) --lon \(parts[1])"
    }
}

/// Parsing of ids, points and boxes given on the command line.
enum CLIValues {
    /// A pin or comment id: a whole number from 1 to `Int64.max`.
    /// - Throws: `CLIError.usage` otherwise, naming the range: '99999999999999999999' was told
    ///   it "must be a whole number ≥ 1", which it is.
    static func id(_ s: String, command: String, what: String = "ID") throws(CLIError) -> Int64 {
        guard let n = Int64(s), n >= 1 else {
            throw .usage(command: command, message: "\(what) must be a whole number from 1 to \(Int64.max), got '\(s)'")
        }
        return n
    }

    /// `LAT,LON` in decimal degrees (or DMS without commas).
    /// - Throws: `CLIError.usage` when malformed or out of range.
    static func point(_ s: String, flag: String, command: String) throws(CLIError) -> (latitude: Double, longitude: Double) {
        let parts = s.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 2 else { throw .usage(command: command, message: "\(flag) must be LAT,LON in decimal degrees, e.g. 37.5665,126.978; got '\(s)'") }
        return (try PinFields.coordinate(parts[0], .latitude, flag, command),
                try PinFields.coordinate(parts[1], .longitude, flag, command))
    }

    /// `SOUTH,WEST,NORTH,EAST` in decimal degrees. A box with WEST > EAST
    /// crosses the antimeridian and becomes two boxes.
    /// - Throws: `CLIError.usage` when malformed, out of range or SOUTH > NORTH.
    static func boxes(_ s: String, command: String) throws(CLIError) -> [LatLonBox] {
        let parts = s.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 4 else {
            throw .usage(command: command, message: "--bbox must be SOUTH,WEST,NORTH,EAST in decimal degrees, e.g. 37.4,126.8,37.7,127.2; got '\(s)'")
        }
        let south = try PinFields.coordinate(parts[0], .latitude, "--bbox", command)
        let west = try PinFields.coordinate(parts[1], .longitude, "--bbox", command)
        let north = try PinFields.coordinate(parts[2], .latitude, "--bbox", command)
        let east = try PinFields.coordinate(parts[3], .longitude, "--bbox", command)
        guard south <= north else { throw .usage(command: command, message: "--bbox: SOUTH \(parts[0]) is north of NORTH \(parts[2])") }
        if west <= east { return [LatLonBox(south: south, west: west, north: north, east: east)] }
        return [LatLonBox(south: south, west: west, north: north, east: 180),
                LatLonBox(south: south, west: -180, north: north, east: east)]
    }

    /// A whole number ≥ 0 for `--limit` (nil when not given: no limit).
    /// - Throws: `CLIError.usage` otherwise.
    static func limit(_ args: ParsedArguments, command: String) throws(CLIError) -> Int {
        guard let l = args.value("--limit") else { return -1 }
        guard let n = Int(l), n >= 0 else { throw .usage(command: command, message: "--limit needs a whole number from 0 to \(Int.max), got '\(l)'") }
        return n
    }
}

extension PinmapCLI {
    /// Runs a store call, turning its error into a failure (exit 1).
    /// `--if-version N` (a pin's version, ≥ 1), nil when not given.
    static func version(_ args: ParsedArguments, command: String) throws(CLIError) -> Int64? {
        guard let v = args.value("--if-version") else { return nil }
        guard let n = Int64(v), n >= 1 else {
            throw .usage(command: command, message: "--if-version must be a pin's version (a whole number from 1, as `pinmap show ID --json` prints it), got '\(v)'")
        }
        return n
    }

    static func storeCall<T>(_ body: () throws(StoreError) -> T) throws(CLIError) -> T {
        do { return try body() } catch { throw .failure(error.message) }
    }
}
