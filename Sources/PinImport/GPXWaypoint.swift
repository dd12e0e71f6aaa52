import PinModel
/// One `<wpt>` as `GPXReader` collected it on the parsing thread: attribute and leaf texts as
/// `XMLParser` gave them, untrimmed. `outcome()` makes the pin (§1 of
/// Tests/PinmapCLITests/Fixtures/formats/MAPPING.md) on the consumer's thread, so this work overlaps with the
/// parse (`XMLParser` is the critical path).
struct GPXWaypoint: StreamedRecord {
    /// A leaf element: its property key (its local name, `link_…` below `<link>`, the `name`
    /// attribute of `<pinmap:property>`), its text, and whether it is a direct child of `<wpt>`.
    struct Leaf: Sendable {
        var name: String
        var text: String
        var direct: Bool
    }

    /// The waypoint's number in the file, from 1 (messages say "waypoint 3").
    var number = 0
    /// The line of its `<wpt>` start tag.
    var line: Int
    var lat: String?
    var lon: String?
    /// Leaves in source order.
    var leaves: [Leaf] = []
    /// `<pinmap:created_at>`: Pinmap's export keeps a created_at that `<time>` cannot hold.
    var exactCreatedAt: String?

    init(line: Int, lat: String?, lon: String?) {
        self.line = line
        self.lat = lat
        self.lon = lon
        leaves.reserveCapacity(8)  // a typical waypoint: ele, time, name, desc, sym, type
    }

    /// The pin, or the rejected row: `lat`/`lon` → coordinates; `name` → title (the coordinates
    /// when it is missing or blank); `desc` → description, else `cmt`; `type` → category; `time`
    /// → created_at in UTC (`<pinmap:created_at>` as written, when present); every other leaf
    /// with text → properties, first value of each key. Texts are trimmed (`trimmedText`).
    func outcome() -> RowOutcome {
        var issues: [RowIssue] = []
        let latText = trimmedText(lat ?? ""), lonText = trimmedText(lon ?? "")
        func coordinate(_ t: String, _ field: String, _ axis: String) -> Double? {
            if let v = Self.number(t), v.isFinite { return v }
            issues.append(RowIssue(line: line, field: field, value: t,
                                   reason: "waypoint \(number): \(field) \(t.isEmpty ? "is missing" : "'\(t)' is not a number") (the \(axis) in decimal degrees)",
                                   rule: t.isEmpty ? .emptyCoordinate : .notANumber))
            return nil
        }
        let latitude = coordinate(latText, "lat", "latitude")
        let longitude = coordinate(lonText, "lon", "longitude")
        if let latitude, let longitude {
            issues += CoordinateParser.rangeIssues(latitude: latitude, longitude: longitude, latText: lat ?? "", lonText: lon ?? "",
                                                   latField: "lat", lonField: "lon")
                .map { var i = $0; i.line = line; i.reason = "waypoint \(number): " + i.reason; return i }
        }
        guard issues.isEmpty, let latitude, let longitude else { return .rejected(issues) }

        // The mapped children, in one pass (the first of each).
        var name: String?, desc: String?, cmt: String?, type: String?, time: String?
        for leaf in leaves where leaf.direct {
            switch leaf.name {
            case "name": if name == nil { name = trimmedText(leaf.text) }
            case "desc": if desc == nil { desc = trimmedText(leaf.text) }
            case "cmt": if cmt == nil { cmt = trimmedText(leaf.text) }
            case "type": if type == nil { type = trimmedText(leaf.text) }
            case "time": if time == nil { time = trimmedText(leaf.text) }
            default: break
            }
        }
        // A `cmt` beside a `desc` is a property; alone, it is the description.
        let descriptionKey = desc != nil ? "desc" : "cmt"
        func mapped(_ name: String) -> Bool {
            switch name {
            case "name", "type", "time": return true
            default: return name == descriptionKey
            }
        }
        var properties = PropertiesJSON()
        for leaf in leaves where !(leaf.direct && mapped(leaf.name)) {
            let text = trimmedText(leaf.text)
            if !text.isEmpty { properties.add(leaf.name, string: text) }
        }
        let title = PinTitle.or(name, "\(latText), \(lonText)")
        return .accepted(ParsedPin(
            line: line, title: title,
            description: desc ?? cmt ?? "",
            category: type ?? "",
            createdAt: exactCreatedAt.map { trimmedText($0) } ?? UTCTimestamp.normalize(time ?? ""),
            latitude: latitude, longitude: longitude, properties: properties.text))
    }

    /// `Double(text)` (xsd:decimal and whatever else Swift reads: `1e5`, `0x1A`), through
    /// `DecimalNumber`'s exact fast path for plain decimals (`Double(String)` was a tenth of
    /// the work per waypoint). Not with a comma, which `DecimalNumber` takes as a decimal
    /// separator but GPX does not.
    private static func number(_ text: String) -> Double? {
        var t = text
        let plain = t.withUTF8 { bytes -> Double? in
            bytes.contains(0x2C) ? nil : DecimalNumber.parse(bytes)
        }
        return plain ?? Double(text)
    }
}
