import Frame
import PinModel

/// A one-line text input: the text as grapheme clusters (so a Korean syllable
/// or an emoji is one step of the cursor) and a cursor index 0…count.
/// Pure value; `handle(_:)` applies an editing key. Control characters never
/// enter through typing (a `.char` holding one is ignored), but text loaded
/// from a pin may hold them: `display` shows them as placeholders.
public struct TextField: Sendable, Equatable {
    public private(set) var chars: [Character]
    /// Insertion point: characters before the cursor (0…`chars.count`).
    public private(set) var cursor: Int

    /// The most characters (grapheme clusters) a field holds: more than any path (Linux's
    /// PATH_MAX is 4,096 bytes), search or pin title needs, and few enough that drawing and
    /// searching a field stays instant. Typing stops there; a paste is cut there.
    public static let maxCharacters = 4_096

    public init(_ text: String = "") {
        chars = Array(text)
        cursor = chars.count
    }

    public var text: String { String(chars) }

    /// Applies an editing key; returns false for keys that are not editing
    /// keys (Enter, Esc, Tab, arrows up/down…), which the caller handles.
    @discardableResult
    public mutating func handle(_ key: Key) -> Bool {
        switch key {
        case .char(let c):
            guard !c.unicodeScalars.contains(where: SafeText.isUnsafe), chars.count < Self.maxCharacters else { return true }
            chars.insert(c, at: cursor)
            cursor += 1
        case .backspace, .ctrl("h"):
            guard cursor > 0 else { return true }
            chars.remove(at: cursor - 1)
            cursor -= 1
        case .delete, .ctrl("d"):
            if cursor < chars.count { chars.remove(at: cursor) }
        case .left, .ctrl("b"): cursor = max(0, cursor - 1)
        case .right, .ctrl("f"): cursor = min(chars.count, cursor + 1)
        case .home, .ctrl("a"): cursor = 0
        case .end, .ctrl("e"): cursor = chars.count
        case .ctrl("u"):
            chars.removeFirst(cursor)
            cursor = 0
        // Ctrl-W and Ctrl-K as readline has them (they did nothing): the word before the
        // cursor, with the spaces after it; everything after the cursor.
        case .ctrl("w"):
            var start = cursor
            while start > 0, chars[start - 1].isWhitespace { start -= 1 }
            while start > 0, !chars[start - 1].isWhitespace { start -= 1 }
            chars.removeSubrange(start..<cursor)
            cursor = start
        case .ctrl("k"):
            chars.removeSubrange(cursor...)
        default: return false
        }
        return true
    }

    /// Inserts pasted `text` at the cursor as literal characters: line breaks and tabs
    /// become spaces (a one-line field never submits on a pasted newline), other control
    /// characters are dropped. Takes what fits `maxCharacters`.
    /// - Returns: the number of pasted characters the field took when the paste was cut to
    ///   fit, nil when all of it went in.
    @discardableResult
    public mutating func insert(pasted text: String) -> Int? {
        let room = Self.maxCharacters - chars.count
        var taken: [Character] = []
        var cut = false
        for c in text {
            let kept: Character
            if c == "\n" || c == "\r\n" || c == "\r" || c == "\t" {
                kept = " "
            } else if c.unicodeScalars.contains(where: SafeText.isUnsafe) {
                continue
            } else {
                kept = c
            }
            guard taken.count < room else { cut = true; break }
            taken.append(kept)
        }
        // One insertion: a character at a time in the middle of the text was quadratic.
        chars.insert(contentsOf: taken, at: cursor)
        cursor += taken.count
        return cut ? taken.count : nil
    }

    /// What to draw in a box `width` cells wide: the sanitized text scrolled
    /// so the cursor stays visible, and the cursor's column inside the box
    /// (0…width−1). Widths are display widths (Korean counts 2 cells).
    /// `hidingPasswords`: each password `PasswordMask` finds (`user:password@`) is drawn
    /// as `****`, whatever its length, the cursor anywhere in it just after the mask; the
    /// text itself stays as typed (the Import tab's path field, where a server's URI can
    /// be pasted).
    public func display(width: Int, ascii: Bool, hidingPasswords: Bool = false) -> (text: String, cursorCol: Int) {
        guard width > 0 else { return ("", 0) }
        var cells = chars.map { SafeText.sanitize(String($0), ascii: ascii) }
        if hidingPasswords { hidePasswords(in: &cells) }
        let widths = cells.map { DisplayWidth.of($0) }
        // Scroll: drop characters from the left until the cursor fits.
        var start = 0
        var before = widths[0..<cursor].reduce(0, +)
        while before > width - 1 && start < cursor {
            before -= widths[start]
            start += 1
        }
        var out = ""
        var used = 0
        for i in start..<cells.count {
            if used + widths[i] > width { break }
            out += cells[i]
            used += widths[i]
        }
        return (out, before)
    }

    /// Draws the characters of each password as one `****` cell and the rest of them as
    /// nothing (`cells` holds one entry a character of `chars`). A character is hidden when
    /// any of its UTF-8 bytes is in a password `PasswordMask.passwordRanges` finds.
    private func hidePasswords(in cells: inout [String]) {
        let ranges = PasswordMask.passwordRanges(String(chars))
        guard !ranges.isEmpty else { return }
        var offset = 0
        var next = 0  // the first range not yet passed
        var inPassword = -1  // the range whose mask is drawn already
        for (i, c) in chars.enumerated() {
            let bytes = offset..<(offset + c.utf8.count)
            offset = bytes.upperBound
            while next < ranges.count, ranges[next].upperBound <= bytes.lowerBound { next += 1 }
            guard next < ranges.count, ranges[next].overlaps(bytes) else { continue }
            cells[i] = inPassword == next ? "" : PasswordMask.mask
            inPassword = next
        }
    }
}
