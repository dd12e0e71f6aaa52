/// One pin of a bulk import whose texts are UTF-8 bytes in a buffer shared with other rows
/// (an import batch's, filled by `append(title:description:category:createdAt:properties:latitude:longitude:to:)`
/// on the importer's reading thread), so the store's writing thread copies no text: `ends`
/// are the byte offsets in that buffer where title, description, category, created_at and
/// properties end, the title starting at byte `start`; `latitude` and `longitude` are WGS84
/// decimal degrees. The importer (PinImport) makes them; a `PinBulkSink` writes them.
public struct EncodedPinRow: Sendable {
    public var start: Int32
    public var ends: (Int32, Int32, Int32, Int32, Int32)
    public var latitude: Double, longitude: Double

    public init(start: Int32, ends: (Int32, Int32, Int32, Int32, Int32), latitude: Double, longitude: Double) {
        self.start = start; self.ends = ends; self.latitude = latitude; self.longitude = longitude
    }

    /// Appends a pin's texts to `text` (UTF-8 bytes) in the order `EncodedPinRow` reads them
    /// (properties "" as `{}`) and returns where they are; coordinates in WGS84 degrees.
    public static func append(title: String, description: String, category: String, createdAt: String,
                              properties: String, latitude: Double, longitude: Double,
                              to text: inout [UInt8]) -> EncodedPinRow {
        let start = Int32(text.count)
        appendUTF8(title, to: &text)
        let e0 = Int32(text.count)
        appendUTF8(description, to: &text)
        let e1 = Int32(text.count)
        appendUTF8(category, to: &text)
        let e2 = Int32(text.count)
        appendUTF8(createdAt, to: &text)
        let e3 = Int32(text.count)
        appendUTF8(properties.isEmpty ? "{}" : properties, to: &text)
        return EncodedPinRow(start: start, ends: (e0, e1, e2, e3, Int32(text.count)), latitude: latitude, longitude: longitude)
    }

    /// Appends `s`'s UTF-8 bytes as one copy from its storage (appending the `utf8` view
    /// went byte by byte: a tenth of an import's reading thread).
    @inline(__always)
    private static func appendUTF8(_ s: String, to text: inout [UInt8]) {
        let done: Void? = s.utf8.withContiguousStorageIfAvailable { text.append(contentsOf: $0) }
        if done == nil { text.append(contentsOf: s.utf8) }
    }
}
