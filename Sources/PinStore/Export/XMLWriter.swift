import PinModel
import Foundation

/// Builds an XML 1.0 document as text, one element per line, indented by two spaces: the one
/// place where exports (GPX, KML) escape text and attribute values.
///
/// XML 1.0 cannot carry most C0 control characters even escaped; they are left out (the
/// tab, line feed and carriage return are kept, CR as `&#13;` so parsers do not fold it).
public struct XMLWriter {
    public private(set) var text: String
    private var open: [String] = []
    private let baseDepth: Int

    /// - Parameters:
    ///   - declaration: start with the XML declaration (a whole document).
    ///   - depth: indentation of the outermost element (a fragment inside an open element).
    public init(declaration: Bool = true, depth: Int = 0) {
        text = declaration ? "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" : ""
        baseDepth = depth
    }

    /// Opens `<name attr="value" ...>` on a line of its own.
    public mutating func start(_ name: String, _ attributes: [(String, String)] = []) {
        text += indent + "<" + name + Self.attributes(attributes) + ">\n"
        open.append(name)
    }

    /// Closes the innermost open element.
    public mutating func end() {
        guard let name = open.popLast() else { return }
        text += indent + "</" + name + ">\n"
    }

    /// `<name attr="value">text</name>` on one line.
    public mutating func leaf(_ name: String, _ value: String, _ attributes: [(String, String)] = []) {
        text += indent + "<" + name + Self.attributes(attributes) + ">" + XMLText.escaped(value) + "</" + name + ">\n"
    }

    private var indent: String { String(repeating: "  ", count: baseDepth + open.count) }

    private static func attributes(_ list: [(String, String)]) -> String {
        list.map { " " + $0.0 + "=\"" + XMLText.escaped($0.1, attribute: true) + "\"" }.joined()
    }

    /// Whether `name` can be an element's local name (an XML NCName, ASCII subset plus any
    /// non-ASCII letter): property keys that are not are written as an attribute instead.
    public static func isName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first else { return false }
        func start(_ u: Unicode.Scalar) -> Bool {
            u == "_" || u.properties.isAlphabetic
        }
        guard start(first), !name.lowercased().hasPrefix("xml") else { return false }
        return name.unicodeScalars.allSatisfy {
            start($0) || $0 == "-" || $0 == "." || ("0"..."9").contains($0)
                || (!$0.isASCII && ($0.properties.numericType != nil || $0.properties.generalCategory == .nonspacingMark))
        }
    }

    /// A finite `Double` as an `xsd:decimal` (no exponent), with the digits of its shortest
    /// round-trip form, so reading it back gives the same value: `1e-07` → `0.0000001`.
    /// Values that would need more than 17 decimals (below 1e-10 or so, e.g. `5e-324`) are
    /// rounded to 17: validators such as libxml2 refuse decimals with hundreds of digits, and
    /// 1e-17° is far below any coordinate's precision.
    public static func decimal(_ v: Double) -> String {
        let s = v.isFinite ? v.description : "0"
        guard let e = s.firstIndex(where: { $0 == "e" || $0 == "E" }) else { return s }
        let exponent = Int(s[s.index(after: e)...]) ?? 0
        var mantissa = String(s[..<e])
        let negative = mantissa.hasPrefix("-")
        if negative { mantissa.removeFirst() }
        let parts = mantissa.split(separator: ".", omittingEmptySubsequences: false)
        let whole = String(parts[0]), fraction = parts.count > 1 ? String(parts[1]) : ""
        var digits = whole + fraction
        var point = whole.count + exponent  // digits before the decimal point
        if point <= 0 {
            digits = String(repeating: "0", count: -point + 1) + digits
            point = 1
        } else if point > digits.count {
            digits += String(repeating: "0", count: point - digits.count)
        }
        var result = String(digits.prefix(point))
        var rest = String(digits.dropFirst(point))
        while rest.hasSuffix("0") { rest.removeLast() }
        if rest.count > 17 { return roundedDecimal(v) }
        if !rest.isEmpty { result += "." + rest }
        return (negative ? "-" : "") + result
    }

    /// `v` with 17 decimals, trailing zeros dropped (`0` for what rounds to zero).
    private static func roundedDecimal(_ v: Double) -> String {
        var s = String(format: "%.17f", v)
        while s.hasSuffix("0") { s.removeLast() }
        if s.hasSuffix(".") { s.removeLast() }
        return s == "-0" ? "0" : s
    }
}
