/// Trims Unicode whitespace (including U+00A0) and stray byte order marks (U+FEFF, which some
/// exports repeat inside the file) from both ends of `text`.
public func trimmedText<S: StringProtocol>(_ text: S) -> String {
    // Fast paths: most values need no trimming. An ASCII byte other than a space or a
    // control at both ends settles it without decoding scalars.
    let plainEnds = text.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
        guard let first = bytes.first, let last = bytes.last else { return false }
        return first > 0x20 && first < 0x7F && last > 0x20 && last < 0x7F
    }
    if plainEnds == true { return String(text) }
    guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last else { return "" }
    if !isTrimmable(first) && !isTrimmable(last) { return String(text) }
    // Index walks from both ends: linear in what is trimmed (rebuilding a Substring from
    // `dropLast()` per scalar was quadratic: 100,000 trailing spaces took 24 s).
    let whole = Substring(text)
    let scalars = whole.unicodeScalars
    var start = scalars.startIndex, end = scalars.endIndex
    while start < end, isTrimmable(scalars[start]) { start = scalars.index(after: start) }
    while end > start {
        let before = scalars.index(before: end)
        guard isTrimmable(scalars[before]) else { break }
        end = before
    }
    return String(whole[start..<end])
}

/// `trimmedText` for a `String`, the usual argument (a file's field): decides from its first
/// and last scalars without going through `StringProtocol`'s generic calls, which took about
/// a tenth of reading a CSV file whose names start or end with a non-ASCII letter.
public func trimmedText(_ text: String) -> String {
    guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last else { return "" }
    if !isTrimmable(first) && !isTrimmable(last) { return text }
    return trimmedText(Substring(text))
}

/// Unicode's White_Space property (stable since Unicode 6.3) plus U+FEFF, as a switch: the
/// property lookup costs more than the rest of trimming a typical value. The one definition
/// of what a trim removes (`AngleParser` trims scalars with it too).
@inline(__always)
func isTrimmable(_ s: Unicode.Scalar) -> Bool {
    switch s.value {
    case 0x09...0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000, 0xFEFF:
        return true
    default:
        return false
    }
}

/// Whether `trimmedText` leaves the text with UTF-8 bytes `utf8` as it is: empty, or neither
/// its first nor its last scalar trimmable. `utf8` must be well-formed UTF-8. Answers from
/// the end scalars' bytes, so a bulk load keeps a field's bytes without making a `String`.
public func isTrimmed(utf8: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let first = utf8.first, let last = utf8.last else { return true }
    if first > 0x20 && first < 0x80 && last > 0x20 && last < 0x80 { return true }
    var start = utf8.count - 1
    while start > 0 && utf8[start] & 0xC0 == 0x80 { start -= 1 }
    return !isTrimmable(utf8Scalar(utf8, at: 0)) && !isTrimmable(utf8Scalar(utf8, at: start))
}

/// The scalar whose UTF-8 sequence starts at byte `i` of `utf8`; the sequence must be whole
/// and well formed (the caller checked it), U+FFFD for a value that is no scalar.
@inline(__always)
func utf8Scalar(_ utf8: UnsafeBufferPointer<UInt8>, at i: Int) -> Unicode.Scalar {
    let lead = UInt32(utf8[i])
    let value: UInt32
    switch lead {
    case 0..<0x80: value = lead
    case 0xC0..<0xE0: value = (lead & 0x1F) << 6 | UInt32(utf8[i + 1] & 0x3F)
    case 0xE0..<0xF0: value = (lead & 0x0F) << 12 | UInt32(utf8[i + 1] & 0x3F) << 6 | UInt32(utf8[i + 2] & 0x3F)
    default: value = (lead & 0x07) << 18 | UInt32(utf8[i + 1] & 0x3F) << 12 | UInt32(utf8[i + 2] & 0x3F) << 6 | UInt32(utf8[i + 3] & 0x3F)
    }
    return Unicode.Scalar(value) ?? "\u{FFFD}"
}
