/// What the user did, decoded from the terminal: the pure core's only input
/// besides time. (Frame holds both directions of the terminal vocabulary:
/// cells out, input in.)
public enum Key: Hashable, Sendable {
    case char(Character)
    /// Ctrl plus a letter, e.g. `.ctrl("c")`.
    case ctrl(Character)
    case up, down, left, right, pageUp, pageDown, home, end
    case enter, escape, tab, backTab, backspace, delete, f1
}

public enum MouseButton: Sendable, Hashable { case left, middle, right, wheelUp, wheelDown, none }

/// One xterm mouse report. `col`/`row` are 0-based screen cells (SGR reports
/// are 1-based on the wire; the decoder converts).
public struct MouseEvent: Sendable, Hashable {
    public enum Kind: Sendable, Hashable { case press, drag, release, move }
    public var kind: Kind
    public var button: MouseButton
    public var col: Int
    public var row: Int

    public init(_ kind: Kind, _ button: MouseButton, col: Int, row: Int) {
        self.kind = kind; self.button = button; self.col = col; self.row = row
    }
}

public enum InputEvent: Sendable, Hashable {
    case key(Key)
    case mouse(MouseEvent)
    /// The terminal now has `cols` × `rows` cells.
    case resize(cols: Int, rows: Int)
    /// Text the terminal pasted (bracketed paste, `ESC[200~…ESC[201~`): literal text for the
    /// focused field, never keys. ESC and other control characters are already removed;
    /// line breaks are kept as `\n` (a single-line field turns them into spaces).
    case paste(String)
}
