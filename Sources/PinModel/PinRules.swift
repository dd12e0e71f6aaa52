/// The rules every stored pin keeps, checked before SQL so the message is
/// clear (the table's CHECK constraints are the backstop).
public enum PinRules {
    /// - Throws: `StoreError` naming the rule: a blank title (`PinTitle`), a latitude outside −90…90 or a longitude outside −180…180
    ///   degrees, or a coordinate that is NaN or infinite. nil is not checked.
    /// - Parameter copied: the pin `pinmap copy` brings, and from where: a blank title is
    ///   refused naming it, its title escaped, and how to give it one there
    ///   (`StoredTextRule.Copied.refused`).
    public static func check(title: String?, latitude: Double?, longitude: Double?,
                             copied: StoredTextRule.Copied? = nil) throws(StoreError) {
        if let title, PinTitle.isBlank(title) {
            guard let copied else { throw blankTitle }
            throw copied.refused("""
                title \(shownBlank(title)) is blank; give it one with \
                `pinmap edit \(copied.pin) --title TITLE --db '\(copied.sourceName)'`, then copy again
                """)
        }
        try check(latitude: latitude, longitude: longitude)
    }

    /// `check` of a title given as its UTF-8 bytes (`PinTitle.isBlank(utf8:)`).
    public static func check(titleUTF8 title: UnsafeBufferPointer<UInt8>, latitude: Double, longitude: Double) throws(StoreError) {
        if PinTitle.isBlank(utf8: title) { throw blankTitle }
        try check(latitude: latitude, longitude: longitude)
    }

    /// A blank title quoted with every character but the ASCII space escaped (`'\t'`,
    /// `'\u3000'`): white space a message would show as nothing, or as a space.
    static func shownBlank(_ title: String) -> String {
        var out = ""
        for (k, u) in title.unicodeScalars.enumerated() {
            if k == MessageText.valueLimit { out += "…"; break }
            if u.value < 0x80 { out += MessageText.bounded(String(u)); continue }
            let hex = String(u.value, radix: 16)
            out += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        }
        return "'" + out + "'"
    }

    /// The coordinate (WGS84 decimal degrees) as a store keeps it: −0 as 0. A file store's
    /// records keep no sign on a zero, so a server store that kept it would print `-0.0`
    /// where a file store prints `0.0` for the same file.
    public static func stored(_ coordinate: Double) -> Double { coordinate + 0 }

    private static var blankTitle: StoreError { StoreError("title must not be blank", code: StoreError.constraint) }

    private static func check(latitude: Double?, longitude: Double?) throws(StoreError) {
        if let la = latitude, !CoordinateAxis.latitude.contains(la) {
            throw StoreError(CoordinateAxis.latitude.outsideReason("\(la)"), code: StoreError.constraint)
        }
        if let lo = longitude, !CoordinateAxis.longitude.contains(lo) {
            throw StoreError(CoordinateAxis.longitude.outsideReason("\(lo)"), code: StoreError.constraint)
        }
    }

    /// - Throws: `StoreError` when a comment's `body` is blank (nothing left once trimmed,
    ///   `trimmedText`): every repository refuses the same comments.
    public static func check(commentBody body: String) throws(StoreError) {
        if trimmedText(body).isEmpty { throw StoreError("comment must not be blank", code: StoreError.constraint) }
    }
}
