import Foundation

/// Which text a store can keep: the one place that decides it, asked by an import
/// (`PinImportStore.textRule`), by the store's own writes and by `pinmap copy`.
///
/// A file (SQLite) store keeps any text, the NUL character (U+0000) included. PostgreSQL's
/// `text` refuses U+0000, and its `jsonb` refuses the JSON escape `\u0000`: a PostgreSQL store
/// refuses such a pin field by field, with the field named, instead of failing a whole import
/// with libpq's words.
public enum StoredTextRule: Sendable, Equatable {
    /// Any Unicode text (SQLite, the in-memory store).
    case anyText
    /// Text without U+0000, in pin fields and in properties (PostgreSQL).
    case withoutNUL

    /// Why pin field `field` (its name: `description`, or a column's header) holding `text`
    /// cannot be kept; nil when it can: `description holds a NUL character (U+0000), which a
    /// PostgreSQL store cannot keep; remove it or import into a file store`.
    public func refusal(field: String, text: String) -> String? {
        guard self == .withoutNUL, text.utf8.contains(0) else { return nil }
        return Self.sentence(field)
    }

    /// Why a pin's properties (a JSON object's text) cannot be kept; nil when they can. Names
    /// the property (`property "note" holds …`) whose name or value holds U+0000.
    public func refusal(properties json: String) -> String? {
        guard let key = nulProperty(json) else { return nil }
        return Self.sentence(key.isEmpty ? "properties" : "property \"\(key)\"")
    }

    /// The name of the property whose name or value holds U+0000 (written with `\u0000` for
    /// it when it is the name); "" when the text holds one but no property can be named (not
    /// a JSON object); nil when the store can keep the properties.
    public func nulProperty(_ json: String) -> String? {
        guard self == .withoutNUL, Self.mayHoldNUL(json) else { return nil }
        guard let data = json.data(using: .utf8),
              let object = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) else {
            return json.utf8.contains(0) ? "" : nil
        }
        return Self.firstNUL(in: object, key: nil).map { $0.replacingOccurrences(of: "\u{0}", with: "\\u0000") }
    }

    /// Every field of a pin, in the order a form shows them.
    /// - Throws: `StoreError` (`StoreError.constraint`) naming the first field that cannot be
    ///   kept (`pin 12: …` when `pinID` is given).
    public func check(title: String?, description: String?, category: String?, properties: String? = nil,
                      pinID: Int64? = nil) throws(StoreError) {
        guard self == .withoutNUL else { return }
        let texts: [(String, String?)] = [("title", title), ("description", description), ("category", category)]
        var reason = texts.lazy.compactMap { f, t in t.flatMap { refusal(field: f, text: $0) } }.first
        if reason == nil, let properties { reason = refusal(properties: properties) }
        if let reason { throw StoreError(pinID.map { "pin \($0): \(reason)" } ?? reason, code: StoreError.constraint) }
    }

    /// A comment's body.
    /// - Throws: `StoreError` (`StoreError.constraint`) when it cannot be kept.
    public func check(commentBody body: String) throws(StoreError) {
        if let reason = refusal(field: "the comment", text: body) { throw StoreError(reason, code: StoreError.constraint) }
    }

    /// True when `bytes` (UTF-8, JSON text or not) may hold U+0000: a NUL byte, or the escape
    /// `\u0000` (its backslash perhaps itself escaped: the JSON parse decides). With `memchr`
    /// (a large import's every batch is scanned once: gigabytes a second, not a loop a byte),
    /// then each backslash's next five bytes.
    public static func mayHoldNUL(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return false }
        if memchr(base, 0, bytes.count) != nil { return true }
        var at = 0
        while at < bytes.count, let found = memchr(base + at, Int32(UInt8(ascii: "\\")), bytes.count - at) {
            at = base.distance(to: UnsafeRawPointer(found)) + 1
            if bytes.count - at >= 5, escapeTail.indices.allSatisfy({ bytes[at + $0] == escapeTail[$0] }) { return true }
        }
        return false
    }

    /// `mayHoldNUL` of an array's bytes.
    public static func mayHoldNUL(_ bytes: [UInt8]) -> Bool { bytes.withUnsafeBytes { mayHoldNUL($0) } }

    /// `mayHoldNUL` of a slice's bytes.
    public static func mayHoldNUL(_ bytes: ArraySlice<UInt8>) -> Bool { bytes.withUnsafeBytes { mayHoldNUL($0) } }

    /// `mayHoldNUL` of a text's UTF-8.
    public static func mayHoldNUL(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { mayHoldNUL(UnsafeRawBufferPointer($0)) }
    }

    /// What follows the backslash of `\u0000`.
    private static let escapeTail = Array("u0000".utf8)

    private static func sentence(_ field: String) -> String {
        "\(field) holds a NUL character (U+0000), which a PostgreSQL store cannot keep; remove it or import into a file store"
    }

    /// The name of the first member of `object` whose name or value (at any depth) holds
    /// U+0000; "" when `object` itself is a string that does; nil when none.
    private static func firstNUL(in object: Any, key: String?) -> String? {
        switch object {
        case let s as String: return s.utf8.contains(0) ? (key ?? "") : nil
        case let d as [String: Any]:
            for k in d.keys.sorted() {
                if k.utf8.contains(0) { return key ?? k }
                if let found = firstNUL(in: d[k]!, key: key ?? k) { return found }
            }
            return nil
        case let a as [Any]: return a.lazy.compactMap { firstNUL(in: $0, key: key) }.first
        default: return nil
        }
    }
}
