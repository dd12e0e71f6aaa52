/// A terminal colour: one of the 16 ANSI colours, an xterm 256-colour
/// palette entry with a 16-colour fallback, or the terminal's default.
/// Backends map these down to what the terminal supports.
public struct Color: Sendable, Hashable {
    /// Palette index 0–255, or -1 for the terminal's default colour.
    public let index: Int16
    /// The ANSI colour (0–15) used where the terminal has fewer than 256
    /// colours (its own index for the 16 named colours).
    public let fallback: Int16

    private init(index: Int16, fallback: Int16) { self.index = index; self.fallback = fallback }

    /// An xterm 256-colour palette entry (16–255), shown as `fallback` on
    /// 8- and 16-colour terminals.
    public static func xterm(_ index: UInt8, fallback: Color) -> Color {
        Color(index: Int16(index), fallback: fallback.fallback)
    }

    /// The index to send to a terminal with `colors` colours (-1 = default).
    public func index(forColors colors: Int) -> Int {
        if index < 0 { return -1 }
        return colors >= 256 ? Int(index) : Int(fallback)
    }

    public static let black = Color(index: 0, fallback: 0), red = Color(index: 1, fallback: 1)
    public static let green = Color(index: 2, fallback: 2), yellow = Color(index: 3, fallback: 3)
    public static let blue = Color(index: 4, fallback: 4), magenta = Color(index: 5, fallback: 5)
    public static let cyan = Color(index: 6, fallback: 6), white = Color(index: 7, fallback: 7)
    public static let brightBlack = Color(index: 8, fallback: 8), brightRed = Color(index: 9, fallback: 9)
    public static let brightGreen = Color(index: 10, fallback: 10), brightYellow = Color(index: 11, fallback: 11)
    public static let brightBlue = Color(index: 12, fallback: 12), brightMagenta = Color(index: 13, fallback: 13)
    public static let brightCyan = Color(index: 14, fallback: 14), brightWhite = Color(index: 15, fallback: 15)
    public static let `default` = Color(index: -1, fallback: -1)
}

/// How one cell is drawn: colours plus attributes. Without colour support the
/// attributes alone must keep things distinguishable (bold, reverse, dim).
public struct Style: Sendable, Hashable {
    public var fg: Color
    public var bg: Color
    public var bold: Bool
    public var dim: Bool
    public var reverse: Bool
    public var underline: Bool

    public init(fg: Color = .default, bg: Color = .default, bold: Bool = false,
                dim: Bool = false, reverse: Bool = false, underline: Bool = false) {
        self.fg = fg; self.bg = bg; self.bold = bold; self.dim = dim
        self.reverse = reverse; self.underline = underline
    }

    public static let plain = Style()
    public static let bold = Style(bold: true)
    public static let reverse = Style(reverse: true)
    public static let dimmed = Style(dim: true)

    /// This style as seen through a modal backdrop: dimmed, colours kept.
    public var dimmedForBackdrop: Style {
        var s = self
        s.dim = true
        s.bold = false
        return s
    }
}
