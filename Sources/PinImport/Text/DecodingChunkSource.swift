import PinModel
/// UTF-8 chunks of any supported input: strips the byte order mark and, for UTF-16 and the
/// single-byte encodings, transcodes through glibc `iconv` one chunk at a time (constant memory).
///
/// Every chunk it returns is valid UTF-8 only as a whole stream (a character may be split
/// between two chunks); the CSV reader works on bytes, so that is enough.
public struct DecodingChunkSource<Raw: ByteChunkSource>: ByteChunkSource {
    public let encoding: DetectedEncoding
    private var raw: Raw
    private var bomToSkip: Int
    private let converter: IconvConverter?
    private var finished = false
    /// Checks every chunk handed out (`isWellFormedSoFar`).
    private var validator = UTF8Validator()

    /// Whether every chunk handed out so far is well-formed UTF-8 (a sequence split between
    /// two chunks is judged once complete; at the end, a cut one is not): then a reader may
    /// keep a field's bytes as they are, with no check of its own. UTF-8 read as it is (the
    /// detector validated it, but the file may have changed since, or `--encoding` named it)
    /// that is not well-formed is refused (`nextChunk`), so this holds for every chunk handed out.
    public var isWellFormedSoFar: Bool { validator.isValid }

    /// - Parameters:
    ///   - raw: the file's bytes, from the first byte (the BOM is skipped here).
    ///   - encoding: what `TextEncodingDetector` chose.
    /// - Throws: `TextDecodingError.converterUnavailable` when iconv lacks the conversion.
    public init(raw: Raw, encoding: DetectedEncoding) throws(TextDecodingError) {
        self.raw = raw
        self.encoding = encoding
        self.bomToSkip = encoding.bomLength
        if let name = encoding.encoding.iconvName {
            guard let c = IconvConverter(from: name) else { throw .converterUnavailable(from: name) }
            converter = c
        } else {
            converter = nil
        }
    }

    /// - Throws: `TextDecodingError.invalidBytes` / `.truncatedText` for broken input (UTF-8
    ///   that is not well-formed included), or whatever the raw source throws.
    public mutating func nextChunk() throws(TextDecodingError) -> [UInt8]? {
        while !finished {
            guard var chunk = try raw.nextChunk() else {
                finished = true
                if !validator.finish() && converter == nil { throw .truncatedText(encoding: encoding.encoding) }
                do { try converter?.finish() } catch { throw .truncatedText(encoding: encoding.encoding) }
                return nil
            }
            if bomToSkip > 0 {
                let drop = min(bomToSkip, chunk.count)
                chunk.removeFirst(drop)
                bomToSkip -= drop
            }
            guard let converter else {
                if chunk.isEmpty { continue }
                chunk.withUnsafeBufferPointer { _ = validator.feed($0) }
                // Refused, as iconv refuses a byte that is no character in another encoding:
                // read on, each field would get U+FFFD for it (`--encoding UTF-8` on a CP949
                // file stored "종로 카페" as "���� ī��", exit 0). No byte is replaced silently.
                if let bad = validator.firstInvalidOffset {
                    throw .invalidBytes(encoding: encoding.encoding, byteOffset: bad + Int64(encoding.bomLength))
                }
                return chunk
            }
            let out: [UInt8]
            do {
                out = try converter.convert(chunk)
            } catch {
                if case let .invalidInput(offset) = error {
                    throw .invalidBytes(encoding: encoding.encoding, byteOffset: offset + Int64(encoding.bomLength))
                }
                throw .truncatedText(encoding: encoding.encoding)
            }
            if !out.isEmpty {
                out.withUnsafeBufferPointer { _ = validator.feed($0) }
                return out
            }
        }
        return nil
    }
}
