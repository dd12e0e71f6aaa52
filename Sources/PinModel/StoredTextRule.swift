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
        return Self.sentence(Self.propertyName(key))
    }

    /// The name of the property whose name or value holds U+0000, as written (a message shows
    /// its NUL as `MessageText` shows control characters); "" when the text holds one but no
    /// property can be named (not a JSON object); nil when the store can keep the properties.
    public func nulProperty(_ json: String) -> String? {
        guard self == .withoutNUL, Self.mayHoldNUL(json) else { return nil }
        guard let data = json.data(using: .utf8),
              let object = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) else {
            return json.utf8.contains(0) ? "" : nil
        }
        return Self.firstNUL(in: object, key: nil)
    }

    /// A pin `pinmap copy` brings from another store: a refusal names the pin and where to
    /// fix it, and advises a copy, not an import.
    public struct Copied: Sendable {
        public var pin: Int64
        /// The source store as messages name it (`StoreSnapshot.source`).
        public var source: String
        public init(pin: Int64, source: String) { self.pin = pin; self.source = source }

        /// The source as a message names it (`a.sqlite`; `the source store` when unknown).
        public var sourceName: String { source.isEmpty ? "the source store" : MessageText.quotedPath(source) }

        /// The one shape of a copy's refusal of this pin: `pin 12: ` and `sentence`, which
        /// says what is wrong and where to fix it (`StoredTextRule`, `PinRules`).
        public func refused(_ sentence: String) -> StoreError {
            StoreError("pin \(pin): \(sentence)", code: StoreError.constraint)
        }
    }

    /// Every field of a pin, in the order a form shows them.
    /// - Throws: `StoreError` (`StoreError.constraint`) naming the first field that cannot be
    ///   kept (`pin 12: … remove it from pin 12 in a.sqlite, or copy into a file store` for a
    ///   `copied` pin).
    public func check(title: String?, description: String?, category: String?, properties: String? = nil,
                      copied: Copied? = nil) throws(StoreError) {
        guard self == .withoutNUL else { return }
        let texts: [(String, String?)] = [("title", title), ("description", description), ("category", category)]
        var field = texts.lazy.first { _, t in t?.utf8.contains(0) == true }.map(\.0)
        if field == nil, let properties, let key = nulProperty(properties) { field = Self.propertyName(key) }
        if let field { throw Self.refused(field, copied: copied) }
    }

    /// A comment's body (of a `copied` pin: named as in `check(title:…)`).
    /// - Throws: `StoreError` (`StoreError.constraint`) when it cannot be kept.
    public func check(commentBody body: String, copied: Copied? = nil) throws(StoreError) {
        if self == .withoutNUL, body.utf8.contains(0) { throw Self.refused("the comment", copied: copied) }
    }

    private static func refused(_ field: String, copied: Copied?) -> StoreError {
        guard let copied else { return StoreError(sentence(field), code: StoreError.constraint, kind: .textNotKept(field: field)) }
        return copied.refused(sentence(field, advice: "remove it from pin \(copied.pin) in \(copied.sourceName), or copy into a file store"))
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

    /// `property "note"` (its name as a message shows it), or `properties` for "".
    private static func propertyName(_ key: String) -> String {
        key.isEmpty ? "properties" : "property \"\(MessageText.bounded(key))\""
    }

    /// The refusal; the advice fits an import, an edit or a new pin unless told otherwise.
    private static func sentence(_ field: String, advice: String = "remove it or import into a file store") -> String {
        "\(field) holds a NUL character (U+0000), which a PostgreSQL store cannot keep; \(advice)"
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
