import PinModel
import Glibc

/// A streaming conversion to UTF-8 through glibc `iconv(3)`.
///
/// Input may be cut anywhere: a character split across two chunks is kept and finished with the
/// next chunk. Invalid input is an error, never replaced (no `//TRANSLIT`, no `//IGNORE`).
/// A class because it owns the `iconv_t` handle, which `deinit` closes.
final class IconvConverter {
    enum Failure: Error, Equatable {
        /// Bytes that are not valid in the source encoding, at this offset in the whole input.
        case invalidInput(byteOffset: Int64)
        /// The input ended in the middle of a character.
        case truncatedInput
    }

    private let handle: iconv_t
    private var pending: [UInt8] = []
    private var consumed: Int64 = 0

    /// Opens a converter from `sourceEncoding` (an iconv name such as `UTF-16LE` or `CP1252`).
    /// Returns nil when glibc does not know the encoding.
    init?(from sourceEncoding: String) {
        let h = iconv_open("UTF-8", sourceEncoding)
        guard let h, Int(bitPattern: h) != -1 else { return nil }
        handle = h
    }

    deinit { iconv_close(handle) }

    /// Converts the next chunk and returns its UTF-8 bytes (possibly fewer characters than the
    /// chunk holds, when the chunk ends mid-character).
    /// - Throws: `Failure.invalidInput` at the first byte that is not valid in the source encoding.
    func convert(_ chunk: [UInt8]) throws(Failure) -> [UInt8] {
        var input = pending
        input.append(contentsOf: chunk)
        pending = []
        // UTF-8 needs at most 3 bytes per input byte (Windows-1252 "€" is E2 82 AC).
        var output = [UInt8](repeating: 0, count: input.count * 3 + 16)
        let total = input.count
        var inLeft = total
        var outLeft = output.count
        var failedAt: Int? = nil
        var incomplete = false
        input.withUnsafeMutableBytes { inRaw in
            output.withUnsafeMutableBytes { outRaw in
                var inPtr = inRaw.baseAddress?.assumingMemoryBound(to: CChar.self)
                var outPtr = outRaw.baseAddress?.assumingMemoryBound(to: CChar.self)
                while inLeft > 0 {
                    let r = iconv(handle, &inPtr, &inLeft, &outPtr, &outLeft)
                    if r != -1 { break }
                    let err = errno
                    if err == EINVAL { incomplete = true; break }
                    if err == EILSEQ { failedAt = total - inLeft; break }
                    // E2BIG cannot happen with a 3x buffer; treat anything else as invalid input.
                    failedAt = total - inLeft
                    break
                }
            }
        }
        if let at = failedAt {
            throw .invalidInput(byteOffset: consumed + Int64(at))
        }
        let used = total - inLeft
        if incomplete { pending = Array(input[used...]) }
        consumed += Int64(used)
        output.removeLast(outLeft)
        return output
    }

    /// Ends the input.
    /// - Throws: `Failure.truncatedInput` when the input stopped in the middle of a character.
    func finish() throws(Failure) {
        if !pending.isEmpty { throw .truncatedInput }
    }
}
