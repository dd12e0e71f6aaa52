/// Trims Unicode whitespace (including U+00A0) and stray byte order marks (U+FEFF, which some
/// exports repeat inside the file) from both ends of `text`.
func trimmedText<S: StringProtocol>(_ text: S) -> String {
    // Fast path: most values need no trimming.
    guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last else { return "" }
    if !isTrimmable(first) && !isTrimmable(last) { return String(text) }
    var s = Substring(text)
    while let f = s.unicodeScalars.first, isTrimmable(f) { s = Substring(s.unicodeScalars.dropFirst()) }
    while let l = s.unicodeScalars.last, isTrimmable(l) { s = Substring(s.unicodeScalars.dropLast()) }
    return String(s)
}

@inline(__always)
private func isTrimmable(_ s: Unicode.Scalar) -> Bool {
    if s.value < 0x80 { return s.value == 0x20 || (0x09...0x0D).contains(s.value) }
    return s.properties.isWhitespace || s == "\u{FEFF}"
}
