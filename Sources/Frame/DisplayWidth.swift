import CTextWidth

/// Display width in terminal cells, from glibc's `wcwidth` in C.UTF-8 (the same
/// table ncursesw uses, so what we measure is what the terminal is told).
public enum DisplayWidth {
    /// Cells one grapheme cluster occupies: 0, 1 or 2. A cluster's width is its
    /// widest scalar (combining marks and joiners add nothing); an emoji
    /// presentation selector (U+FE0F) makes it 2. Unprintable scalars count 1
    /// here because `SafeText` replaces them with a visible placeholder first.
    public static func of(_ ch: Character) -> Int {
        var w = 0
        for scalar in ch.unicodeScalars {
            if scalar.value == 0xFE0F { w = max(w, 2); continue }
            let cw = Int(pm_wcwidth(scalar.value))
            if cw > w { w = cw }
        }
        if w == 0, let first = ch.unicodeScalars.first, first.value >= 0x20,
           !first.properties.isGraphemeExtend, pm_wcwidth(first.value) < 0 {
            return 1
        }
        return min(w, 2)
    }

    /// Cells a string occupies.
    public static func of(_ s: String) -> Int {
        if isPrintableASCII(s) { return s.utf8.count }
        return s.reduce(0) { $0 + of($1) }
    }

    /// True when every byte of `s` is printable ASCII (0x20…0x7E): then each byte is
    /// a grapheme one cell wide (nothing it could combine with), so widths and cells
    /// can be counted in bytes.
    public static func isPrintableASCII(_ s: String) -> Bool {
        var s = s
        return s.withUTF8 { bytes in
            for b in bytes where b < 0x20 || b > 0x7E { return false }
            return true
        }
    }

    /// The longest prefix of `s` that fits in `cells` columns; when it had to be
    /// cut and `ellipsis` is set, the last cell becomes `…` (or `~` in ASCII).
    public static func truncate(_ s: String, to cells: Int, ellipsis: Bool = true, ascii: Bool = false) -> String {
        guard cells > 0 else { return "" }
        if of(s) <= cells { return s }
        let mark = ascii ? "~" : "…"
        let budget = ellipsis ? cells - 1 : cells
        var out = ""
        var used = 0
        for ch in s {
            let w = of(ch)
            if used + w > budget { break }
            out.append(ch)
            used += w
        }
        return ellipsis ? out + mark : out
    }

    /// `s` padded with spaces (or truncated) to exactly `cells` columns.
    public static func pad(_ s: String, to cells: Int) -> String {
        let t = truncate(s, to: cells)
        // The spaces as bytes: `String(repeating: " ", count:)` appends a grapheme at a
        // time (about 300 instructions a space; a list row pads ~150).
        return t + String(decoding: repeatElement(UInt8(0x20), count: max(0, cells - of(t))), as: UTF8.self)
    }
}
