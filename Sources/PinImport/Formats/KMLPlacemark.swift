import PinModel
/// A KML `<Placemark>` as read, turned into pins once the whole document (its folders' names
/// and its styles, which may come after it) is known.
struct KMLPlacemark {
    var line: Int
    /// Index of the nearest enclosing `<Folder>` in `KMLStyles`' folder list.
    var folder: Int?
    var name: String?
    var description: String?
    var styleURL: String?
    /// `<Style><IconStyle><color>` inside the placemark, as written.
    var inlineColor: String?
    /// `<TimeStamp><when>`.
    var when: String?
    /// `<ExtendedData><pinmap:created_at>` (Pinmap's export), used as written.
    var exactCreatedAt: String?
    /// The text of each `<Point><coordinates>`.
    var points: [String] = []
    /// Other geometries, by KML name (`Polygon`, `LineString`, `gx:Track`).
    var otherGeometry: [String] = []
    var hasAddress = false
    /// ExtendedData and other leaves kept as properties, in source order.
    var properties: [(key: String, value: String)] = []

    /// The placemark's pins (one per Point), or nothing with the reason counted in `skips`.
    func outcomes(styles: KMLStyles, skips: inout SkipCounter) -> [RowOutcome] {
        guard !points.isEmpty else {
            if let kind = otherGeometry.first {
                skips.add(.placemarkWithGeometry(kind))
            } else if hasAddress {
                skips.add(.placemarkWithOnlyAddress)
            } else {
                skips.add(.placemarkWithoutGeometry)
            }
            return []
        }
        for kind in otherGeometry {
            skips.add(.multiGeometryPart(kind))
        }
        let color = inlineColor.flatMap(KMLStyles.rgb) ?? styleURL.flatMap(styles.color)
        let category = folder.flatMap { styles.folderNames[$0] } ?? ""
        return points.map { pin(coordinates: $0, color: color, category: category) }
    }

    private func pin(coordinates: String, color: String?, category: String) -> RowOutcome {
        let tuple = Self.firstTuple(coordinates)
        let parts = tuple.split(separator: ",", omittingEmptySubsequences: false).map { trimmedText($0) }
        guard parts.count >= 2, let lon = Double(parts[0]), let lat = Double(parts[1]), lon.isFinite, lat.isFinite else {
            let shown = String(tuple.prefix(80))
            return .rejected([RowIssue(line: line, field: .geometry(key: "coordinates"), value: shown,
                                       reason: "<coordinates> '\(shown)' is not longitude,latitude[,altitude] numbers",
                                       rule: .pointArity)])
        }
        let range = CoordinateParser.rangeIssues(latitude: lat, longitude: lon, latText: parts[1], lonText: parts[0],
                                                 latField: .latitude(key: "coordinates latitude"), lonField: .longitude(key: "coordinates longitude"))
        if !range.isEmpty { return .rejected(range.map { var i = $0; i.line = line; return i }) }
        var props = PropertiesJSON()
        for (key, value) in properties where !value.isEmpty { props.add(key, string: value) }
        if let color { props.add("color", string: color) }
        if parts.count >= 3, let alt = Double(parts[2]), alt != 0 { props.add("ele", string: parts[2]) }
        // A Point holds one position; more tuples (a path's written as a Point) would be lost
        // unseen: the text is kept whole, as written.
        let written = trimmedText(coordinates)
        if written.count > tuple.count { props.add("coordinates", string: String(written)) }
        let title = PinTitle.or(name, "\(parts[1]), \(parts[0])")
        return .accepted(ParsedPin(
            line: line, title: title, description: description ?? "", category: category,
            createdAt: exactCreatedAt ?? UTCTimestamp.normalize(when ?? ""), latitude: lat, longitude: lon, properties: props.text))
    }
}

extension KMLPlacemark {
    /// The first `lon,lat[,alt]` tuple of a `<coordinates>` text. Tuples are separated by white
    /// space and their numbers by commas; white space beside a comma is inside a tuple
    /// (`127.0, 37.5`, as hand-written and some tools' files have it), so it does not end one.
    static func firstTuple(_ coordinates: String) -> Substring {
        let chars = Array(coordinates)
        func isSpace(_ c: Character) -> Bool { c == " " || c == "\n" || c == "\t" || c == "\r" }
        var start = 0
        while start < chars.count, isSpace(chars[start]) { start += 1 }
        var end = start
        while end < chars.count {
            if isSpace(chars[end]) {
                var next = end
                while next < chars.count, isSpace(chars[next]) { next += 1 }
                let besideComma = chars[end - 1] == "," || (next < chars.count && chars[next] == ",")
                guard besideComma else { break }
                end = next
            } else {
                end += 1
            }
        }
        return Substring(String(chars[start..<end]))
    }
}

/// Shared parts of a KML document: folder names and styles by id.
struct KMLStyles {
    var folderNames: [String?] = []
    /// `<Style id>` → its icon colour `#rrggbb`.
    var colors: [String: String] = [:]
    /// `<StyleMap id>` → the style URL of its `normal` pair.
    var normalStyle: [String: String] = [:]

    /// The colour a `<styleUrl>` leads to (`#id`, through a StyleMap's `normal` pair).
    func color(_ url: String) -> String? {
        var id = url.split(separator: "#", omittingEmptySubsequences: false).last.map(String.init) ?? url
        for _ in 0..<4 {  // a StyleMap may point at another StyleMap; a cycle ends here
            if let c = colors[id] { return c }
            guard let next = normalStyle[id] else { return nil }
            id = next.split(separator: "#", omittingEmptySubsequences: false).last.map(String.init) ?? next
        }
        return nil
    }

    /// KML's `aabbggrr` (any case, any surrounding space) → `#rrggbb`; alpha dropped.
    static func rgb(_ kml: String) -> String? {
        let hex = trimmedText(kml).lowercased()
        guard hex.count == 8, hex.allSatisfy(\.isHexDigit) else { return nil }
        let c = Array(hex)
        return "#" + String(c[6...7]) + String(c[4...5]) + String(c[2...3])
    }
}
