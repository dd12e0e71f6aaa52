import PinModel

/// KML's own placemark parts that pin properties fill on export, as the KML reader names
/// them on import: `address`, `phoneNumber` and `Snippet` as those elements, `color`
/// (`#rrggbb`) as the placemark's icon colour, `ele` as the point's altitude. A placemark
/// from Google My Maps or Earth goes back with its icon colour and snippet where those
/// programs show them; they were all `ExtendedData`, drawn with the default icon.
///
/// Taken where the reader puts them, so a re-import lists the properties in their order (the
/// same pin to the duplicate check): the elements while they lead the properties in KML's
/// order (address, phoneNumber, Snippet); the altitude when `ele` is the last property, the
/// colour when `color` is the last before it (the reader adds the colour, then the altitude,
/// after the rest). Each only when its value reads back as written; the others stay `Data`.
struct KMLPlacemarkElements {
    /// The leading elements, in KML's order (ogckml22.xsd, FeatureType).
    static let leading = ["address", "phoneNumber", "Snippet"]

    private(set) var elements: [(name: String, value: String)] = []
    /// The icon colour as KML writes it (`ff` then blue, green, red).
    private(set) var iconColor: String?
    /// The point's altitude, as written.
    private(set) var altitude: String?
    /// The properties left for `ExtendedData`, in their order.
    private(set) var rest: [PinProperty] = []

    init(_ properties: [PinProperty]) {
        var list = properties[...]
        var next = 0
        while let p = list.first, let at = Self.leading[next...].firstIndex(of: p.key), Self.isText(p.value) {
            elements.append((p.key, p.value))
            next = at + 1
            list = list.dropFirst()
        }
        if let p = list.last, p.key == "ele", Self.isAltitude(p.value) {
            altitude = p.value
            list = list.dropLast()
        }
        if let p = list.last, p.key == "color", let kml = Self.kmlColor(p.value) {
            iconColor = kml
            list = list.dropLast()
        }
        rest = Array(list)
    }

    /// Text the reader gives back as written: not empty, no white space at either end (it trims),
    /// no control character but tab and line feed (XML drops the others).
    static func isText(_ s: String) -> Bool {
        !s.isEmpty && s == trimmedText(s) && s.unicodeScalars.allSatisfy { $0.value >= 0x20 || $0 == "\t" || $0 == "\n" }
    }

    /// A decimal number other than zero (the reader keeps no altitude of 0), without exponent.
    static func isAltitude(_ s: String) -> Bool {
        var u = Substring(s)
        if u.first == "-" || u.first == "+" { u = u.dropFirst() }
        let parts = u.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let digits = parts.joined()
        return !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber } && (Double(s).map { $0 != 0 } ?? false)
    }

    /// `#rrggbb` in lower case (as the reader writes it) → KML's `ffbbggrr`; nil otherwise.
    static func kmlColor(_ s: String) -> String? {
        let hex = Array(s.dropFirst())
        guard s.hasPrefix("#"), hex.count == 6, hex.allSatisfy({ $0.isHexDigit && !$0.isUppercase }) else { return nil }
        return "ff" + String(hex[4...5]) + String(hex[2...3]) + String(hex[0...1])
    }
}
