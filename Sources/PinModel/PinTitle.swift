/// A pin's title: the one rule for a blank title, which the importer (every format), the
/// store (`PinRules`), the UI's form and `pinmap add`/`edit` all apply.
///
/// A title is what `trimmedText` leaves of the text (Unicode whitespace and stray byte order
/// marks gone from both ends). It is blank when nothing is left, when nothing left is visible
/// (only zero-width spaces, joiners and other default-ignorable code points: a list row, a map
/// label and a detail page would show no title), or when it starts with NUL: SQLite's
/// `length()` stops at a NUL, so the store's `CHECK (length(trim(title)) > 0)` would see
/// nothing either.
public enum PinTitle {
    /// Why a text cannot be a pin's title.
    public enum Blank: Error, Sendable, Equatable {
        /// Nothing (visible) left once trimmed.
        case empty
        /// The trimmed text starts with U+0000.
        case startsWithNUL
    }

    /// The title `text` makes (trimmed), or why it makes none.
    public static func validated(_ text: String) -> Result<String, Blank> {
        let title = trimmedText(text)
        guard let first = title.unicodeScalars.first,
              // No ASCII scalar nor Hangul syllable is default-ignorable: most titles answer at
              // their first, without a lookup of its properties.
              title.unicodeScalars.contains(where: { $0.isASCII || isHangulSyllable($0.value) || !$0.properties.isDefaultIgnorableCodePoint }) else {
            return .failure(.empty)
        }
        return first == "\0" ? .failure(.startsWithNUL) : .success(title)
    }

    /// Whether `text` makes no title (see `validated`).
    public static func isBlank(_ text: String) -> Bool {
        if case .failure = validated(text) { return true }
        return false
    }

    /// `isBlank` of the text with UTF-8 bytes `utf8` (repaired as `String(decoding:)` repairs
    /// them). A title that starts with a printable ASCII letter or a Hangul syllable is
    /// answered from its first bytes: nothing is trimmed before it and it is visible (a bulk
    /// load checks every pin's title; making each a `String` was a tenth of its thread's work).
    public static func isBlank(utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        if let first = utf8.first {
            if first > 0x20 && first < 0x7F { return false }
            if utf8.count >= 3, (0xEA...0xED).contains(first), utf8[1] & 0xC0 == 0x80, utf8[2] & 0xC0 == 0x80,
               isHangulSyllable(utf8Scalar(utf8, at: 0).value) {
                return false
            }
        }
        return isBlank(String(decoding: utf8, as: UTF8.self))
    }

    /// U+AC00…U+D7A3: neither whitespace nor default-ignorable (nor NUL).
    @inline(__always)
    private static func isHangulSyllable(_ v: UInt32) -> Bool { v >= 0xAC00 && v <= 0xD7A3 }

    /// The title `text` makes, or `fallback` when it is missing or blank (formats whose
    /// unnamed points are still pins: a GPX waypoint's coordinates, Takeout's "Dropped pin").
    public static func or(_ text: String?, _ fallback: @autoclosure () -> String) -> String {
        guard let text, case .success(let title) = validated(text) else { return fallback() }
        return title
    }
}
