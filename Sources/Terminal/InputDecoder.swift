import Frame

/// Turns the stream of characters that ncurses' `get_wch` delivers (keypad
/// keys already decoded by ncurses, mouse reports left raw) into
/// `InputEvent`s. Pure and incremental: feed it one unit at a time, in any
/// bursts; a lone ESC is only an Escape key once `flush()` says no more bytes
/// came (the caller flushes after a short read timeout).
///
/// Mouse: xterm SGR reports `ESC [ < b ; x ; y M|m` (mode 1006; coordinates
/// 1-based, unlimited) and the legacy X10 form `ESC [ M b x y` (bytes 32+n,
/// so only up to column 223) for terminals that ignore 1006.
public struct InputDecoder: Sendable {
    private var pending: [UInt32] = []

    public init() {}

    /// True while an escape sequence is half-read.
    public var isPending: Bool { !pending.isEmpty }

    /// Feeds one character (a Unicode scalar value) and returns what it completes.
    public mutating func feed(char u: UInt32) -> [InputEvent] {
        if pending.isEmpty {
            if u == 0x1B { pending = [u]; return [] }
            return [.key(Self.key(for: u))]
        }
        pending.append(u)
        return parsePending()
    }

    /// Called when no byte followed within the timeout: whatever is pending is
    /// the Escape key (and, for a broken sequence, its characters as keys).
    public mutating func flush() -> [InputEvent] {
        guard !pending.isEmpty else { return [] }
        let rest = pending.dropFirst()
        pending = []
        return [.key(.escape)] + rest.map { .key(Self.key(for: $0)) }
    }

    private mutating func parsePending() -> [InputEvent] {
        // pending[0] is ESC.
        if pending.count == 2 {
            if pending[1] == UInt32(UInt8(ascii: "[")) { return [] }
            // ESC + another key: Escape, then that key (Alt is not bound).
            let second = pending[1]
            pending = []
            if second == 0x1B { pending = [0x1B]; return [.key(.escape)] }
            return [.key(.escape), .key(Self.key(for: second))]
        }
        if pending[2] == UInt32(UInt8(ascii: "<")) { return parseSGR() }
        if pending[2] == UInt32(UInt8(ascii: "M")) { return parseX10() }
        // An unknown CSI sequence: drop it up to its final byte (0x40–0x7E).
        if let last = pending.last, last >= 0x40, last <= 0x7E, pending.count > 2 { pending = [] }
        if pending.count > 32 { pending = [] }
        return []
    }

    private mutating func parseSGR() -> [InputEvent] {
        guard let last = pending.last else { return [] }
        let isFinal = last == UInt32(UInt8(ascii: "M")) || last == UInt32(UInt8(ascii: "m"))
        if !isFinal {
            let ok = (last >= 0x30 && last <= 0x39) || last == 0x3B || last == 0x3C
            if !ok || pending.count > 32 { pending = []; return [] }
            return []
        }
        let body = String(String.UnicodeScalarView(pending.dropFirst(3).dropLast().compactMap(Unicode.Scalar.init)))
        pending = []
        let parts = body.split(separator: ";").compactMap { Int($0) }
        guard parts.count == 3 else { return [] }
        return Self.mouse(code: parts[0], col: parts[1] - 1, row: parts[2] - 1,
                          released: last == UInt32(UInt8(ascii: "m"))).map { [.mouse($0)] } ?? []
    }

    private mutating func parseX10() -> [InputEvent] {
        guard pending.count == 6 else { return [] }
        let b = Int(pending[3]) - 32, x = Int(pending[4]) - 33, y = Int(pending[5]) - 33
        pending = []
        return Self.mouse(code: b, col: x, row: y, released: (b & 3) == 3 && b < 64).map { [.mouse($0)] } ?? []
    }

    /// Decodes an xterm button code: low 2 bits the button (3 = release in
    /// X10), +32 motion, 64/65 wheel; +4/+8/+16 modifiers are ignored.
    static func mouse(code: Int, col: Int, row: Int, released: Bool) -> MouseEvent? {
        guard col >= 0, row >= 0 else { return nil }
        let motion = code & 32 != 0
        let base = code & ~(4 | 8 | 16 | 32)
        let button: MouseButton
        switch base {
        case 0: button = .left
        case 1: button = .middle
        case 2: button = .right
        case 3: button = .none
        case 64: button = .wheelUp
        case 65: button = .wheelDown
        default: return nil
        }
        let kind: MouseEvent.Kind
        if released { kind = .release }
        else if motion { kind = button == .none ? .move : .drag }
        else if button == .none { kind = .release }
        else { kind = .press }
        return MouseEvent(kind, button, col: col, row: row)
    }

    /// A plain character: control codes become `.ctrl`, Enter/Tab/Backspace named keys.
    static func key(for u: UInt32) -> Key {
        switch u {
        case 0x0D, 0x0A: return .enter
        case 0x09: return .tab
        case 0x7F, 0x08: return .backspace
        case 0x1B: return .escape
        case 0x01...0x1A: return .ctrl(Character(Unicode.Scalar(u + 0x60)!))
        default:
            guard let s = Unicode.Scalar(u) else { return .char("?") }
            return .char(Character(s))
        }
    }
}
