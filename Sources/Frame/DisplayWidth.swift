import CTextWidth

/// Display width in terminal cells, from glibc's `wcwidth` in C.UTF-8 (the same
/// table ncursesw uses, so what we measure is what the terminal is told).
///
/// A grapheme cluster (Swift's `Character`) is drawn as the cells tmux (3.3) and
/// xterm (379) give it, measured by writing each case into both and reading the
/// cursor back: every scalar of positive `wcwidth` starts a cell that wide and
/// the zero-width scalars after it ride in its cell. So a variation selector
/// changes nothing (`🏔️`, U+1F3D4 U+FE0F: one cell; `⌚︎`: two), a skin tone is a
/// cell of its own (`👍🏽`: four), a flag's two regional indicators take a cell
/// each (two; both terminals then draw the flag across them) and Hangul jamo
/// L+V+T are one two-cell syllable. The two terminals disagree only after a zero
/// width joiner: tmux joins `🧑‍🍳` into two cells, xterm draws `🧑` and `🍳`
/// side by side in four. A joiner is therefore never sent (`cells(of:)`): both,
/// and any terminal, then draw the parts side by side, as wide as measured here.
public enum DisplayWidth {
    /// Zero width joiner: left out of what is painted (see the type's comment).
    static let joiner: UInt32 = 0x200D

    /// Cells one grapheme cluster occupies: the sum of its scalars' widths (see the
    /// type's comment; 0 for a cluster of zero-width scalars only). An unprintable
    /// first scalar counts 1, as it is painted `�` (`cells(of:)`).
    public static func of(_ ch: Character) -> Int {
        var w = 0
        for scalar in ch.unicodeScalars {
            let cw = Int(pm_wcwidth(scalar.value))
            if cw > 0 { w += cw } else if cw < 0, w == 0, opensCell(scalar) { w = 1 }
        }
        return w
    }

    /// The terminal cells `ch` is painted as, in order: each one's text (one
    /// scalar of positive width, then zero-width scalars) and width (1 or 2),
    /// summing to `of(ch)`. Zero width joiners are left out; an unprintable first
    /// scalar becomes `�`; zero-width scalars with no cell before them, and
    /// unprintable ones after the first, are left out (a terminal would draw
    /// them over the previous cell).
    public static func cells(of ch: Character) -> [(text: String, width: Int)] {
        var out: [(text: String, width: Int)] = []
        var text = String.UnicodeScalarView(), width = 0
        for scalar in ch.unicodeScalars where scalar.value != joiner {
            let cw = Int(pm_wcwidth(scalar.value))
            if cw > 0 || (cw < 0 && width == 0 && out.isEmpty && opensCell(scalar)) {
                if width > 0 { out.append((String(text), width)) }
                text = String.UnicodeScalarView(CollectionOfOne(cw > 0 ? scalar : "\u{FFFD}"))
                width = max(cw, 1)
            } else if cw == 0, width > 0 {
                text.append(scalar)
            }
        }
        if width > 0 { out.append((String(text), width)) }
        return out
    }

    /// Whether an unprintable scalar (negative `wcwidth`) leading a cluster is
    /// shown (as `�`): not a control (`SafeText` replaced those) nor a mark that
    /// extends what came before.
    private static func opensCell(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= 0x20 && !scalar.properties.isGraphemeExtend
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

    /// `s` padded with spaces (or truncated, its cut marked `~` when `ascii`, else `…`) to
    /// exactly `cells` columns.
    public static func pad(_ s: String, to cells: Int, ascii: Bool = false) -> String {
        let t = truncate(s, to: cells, ascii: ascii)
        // The spaces as bytes: `String(repeating: " ", count:)` appends a grapheme at a
        // time (about 300 instructions a space; a list row pads ~150).
        return t + String(decoding: repeatElement(UInt8(0x20), count: max(0, cells - of(t))), as: UTF8.self)
    }
}
