import PinModel

/// GPX 1.1's own waypoint elements that a pin property of the same name fills on export
/// (`ele`, `sym`, `cmt`, `link`, …: the names the GPX reader gives them on import), so a
/// waypoint from a Garmin or OsmAnd file goes back to the device with its elevation, symbol
/// and comment where it reads them, not under Pinmap's `<extensions>`, which it ignores.
///
/// Taken while the pin's properties start with them in the schema's order (as the reader
/// lists them: its elements first, then the extensions), and each value fits its type
/// (`ele` of `"about 30 m"` does not); from the first that does not, every property stays
/// an extension. So the document validates, nothing is lost, and a re-import lists the
/// properties in their order: the same pin to the duplicate check (a `city, ele` pair from a
/// CSV stays two extensions).
struct GPXWaypointElements {
    /// Element names with the test a value must pass to be written as one.
    typealias Group = [(String, @Sendable (String) -> Bool)]

    /// The elements `ele`, then (after `time`) `magvar`, `geoidheight`, (after `name`) `cmt`,
    /// (after `desc`) `src`, `link` with `link_text` and `link_type` inside it, `sym`, and
    /// (after `type`) the fix: gpx.xsd's wptType order.
    static let beforeTime: Group = [("ele", isDecimal)]
    static let beforeName: Group = [("magvar", isDegrees), ("geoidheight", isDecimal)]
    static let afterName: Group = [("cmt", isText)]
    static let afterDescription: Group = [("src", isText)]
    static let link: Group = [("link", isURI), ("link_text", isText), ("link_type", isText)]
    static let afterLink: Group = [("sym", isText)]
    static let afterType: Group = [
        ("fix", { ["none", "2d", "3d", "dgps", "pps"].contains($0) }), ("sat", isCount), ("hdop", isDecimal),
        ("vdop", isDecimal), ("pdop", isDecimal), ("ageofdgpsdata", isDecimal),
        ("dgpsid", { isCount($0) && (Int($0.drop { $0 == "+" }) ?? 1024) <= 1023 }),
    ]
    private static let order: Group = beforeTime + beforeName + afterName + afterDescription + link + afterLink + afterType

    /// The properties written as elements, by key.
    private(set) var taken: [String: String] = [:]
    /// The properties left for `<extensions>`, in their order.
    private(set) var rest: [PinProperty] = []

    /// - Parameter hasDescription: whether the pin has a `<desc>`: without one the reader takes
    ///   a `<cmt>` for the description, so `cmt` then stays an extension.
    init(_ properties: [PinProperty], hasDescription: Bool) {
        var next = 0  // the first position in `order` still open
        for (i, p) in properties.enumerated() {
            guard let at = Self.order[next...].firstIndex(where: { $0.0 == p.key }), Self.order[at].1(p.value),
                  p.key == "link" || !p.key.hasPrefix("link_") || taken["link"] != nil,
                  p.key != "cmt" || hasDescription else {
                rest = Array(properties[i...])
                return
            }
            taken[p.key] = p.value
            next = at + 1
        }
    }

    /// Writes the elements of `group` that were taken, in order.
    func write(_ group: Group, _ w: inout XMLWriter) {
        for (key, _) in group { if let v = taken[key] { w.leaf(key, v) } }
    }

    /// Writes the `<link>` with its `text` and `type`, if one was taken.
    func writeLink(_ w: inout XMLWriter) {
        guard let href = taken["link"] else { return }
        w.start("link", [("href", href)])
        if let t = taken["link_text"] { w.leaf("text", t) }
        if let t = taken["link_type"] { w.leaf("type", t) }
        w.end()
    }

    /// `xsd:decimal`: digits with an optional sign and point, no exponent (`12.5`, `-3`, `.5`).
    static func isDecimal(_ s: String) -> Bool {
        var u = Substring(s)
        if u.first == "+" || u.first == "-" { u = u.dropFirst() }
        let parts = u.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let digits = parts.joined()
        return !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// `degreesType`: a decimal in [0, 360).
    static func isDegrees(_ s: String) -> Bool { isDecimal(s) && (Double(s).map { $0 >= 0 && $0 < 360 } ?? false) }

    /// `xsd:nonNegativeInteger`.
    static func isCount(_ s: String) -> Bool {
        let u = s.hasPrefix("+") ? s.dropFirst() : Substring(s)
        return !u.isEmpty && u.allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// `xsd:string` that XML carries whole and the reader gives back as written: not empty,
    /// no control character but tab and line feed (the writer drops the others), no white
    /// space at either end (the reader trims it).
    static func isText(_ s: String) -> Bool {
        !s.isEmpty && s == trimmedText(s) && s.unicodeScalars.allSatisfy { $0.value >= 0x20 || $0 == "\t" || $0 == "\n" }
    }

    /// `xsd:anyURI` as validators take it: text without white space or control characters.
    static func isURI(_ s: String) -> Bool {
        !s.isEmpty && s.unicodeScalars.allSatisfy { $0.value > 0x20 && $0.value != 0x7F }
    }
}
