/// Trims Unicode whitespace (including U+00A0) and stray byte order marks (U+FEFF, which some
/// exports repeat inside the file) from both ends of `text`.
func trimmedText<S: StringProtocol>(_ text: S) -> String {
    var s = Substring(text)
    while let f = s.unicodeScalars.first, isTrimmable(f) { s = Substring(s.unicodeScalars.dropFirst()) }
    while let l = s.unicodeScalars.last, isTrimmable(l) { s = Substring(s.unicodeScalars.dropLast()) }
    return String(s)
}

private func isTrimmable(_ s: Unicode.Scalar) -> Bool {
    s.properties.isWhitespace || s == "\u{FEFF}"
}
