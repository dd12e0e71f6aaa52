/// A terminal colour: one of the eight ANSI colours, a bright variant, or the
/// terminal's default. Backends map these down to what the terminal supports.
public enum Color: UInt8, Sendable, Hashable, CaseIterable {
    case black = 0, red, green, yellow, blue, magenta, cyan, white
    case brightBlack, brightRed, brightGreen, brightYellow, brightBlue, brightMagenta, brightCyan, brightWhite
    case `default` = 255
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
