import Frame

/// Turns the bytes that ncurses' `getch` delivers (keypad keys already decoded by ncurses,
/// mouse reports left raw) into `InputEvent`s. Pure and incremental: feed it one byte at a
/// time (`feed(byte:)`; it assembles UTF-8 itself) or one Unicode scalar (`feed(char:)`), in
/// any bursts; a lone ESC is only an Escape key once `flush()` says no more bytes came (the
/// caller flushes after a short read timeout).
///
/// Why bytes: ncurses' own multibyte reading (`get_wch`) lost the bytes of a character cut
/// by a read that timed out, and swallowed what followed them; a large Korean paste then lost
/// its end marker and every later key went into the paste.
///
/// Mouse: xterm SGR reports `ESC [ < b ; x ; y M|m` (mode 1006; coordinates
/// 1-based, unlimited) and the legacy X10 form `ESC [ M b x y` (bytes 32+n,
/// so only up to column 223) for terminals that ignore 1006.
///
/// Bracketed paste (mode 2004): everything between `ESC[200~` and `ESC[201~`
/// is one `.paste` event of literal text; an ESC inside it never ends it. Its bytes are
/// kept as they come and the end marker is looked for in them, so no split (between reads,
/// inside a character) can hide it. A Ctrl-C (byte 3) ends a paste and acts; a paste whose
/// end marker never comes ends when the caller says the input went quiet (`endPaste()`).
/// Keyboard protocols: kitty's CSI u (`ESC [ code ; mods u`) and xterm's
/// modifyOtherKeys (`ESC [ 27 ; mods ; code ~`) become keys or are dropped,
/// never text. Arrows, Home, End and F1 that ncurses left undecoded (`ESC [ A`, `ESC O B`:
/// a cursor mode terminfo does not name, or an ESC read before the rest) are keys. Any
/// other CSI or SS3 sequence is dropped whole.
public struct InputDecoder: Sendable {
    private var pending: [UInt32] = []
    /// The bytes of a bracketed paste being read (nil outside a paste).
    private var paste: [UInt8]?
    /// The bytes of a UTF-8 character begun outside a paste.
    private var utf8: [UInt8] = []
    /// True while the rest of an escape sequence longer than `maxSequence` is skipped, to its
    /// final byte: its tail must not become keys.
    private var skipping = false

    /// Most characters an escape sequence may have before it is dropped as garbage.
    static let maxSequence = 32
    /// `ESC [ 2 0 0 ~`: the start of a bracketed paste.
    static let pasteStart: [UInt32] = [0x1B, 0x5B, 0x32, 0x30, 0x30, 0x7E]
    /// `ESC [ 2 0 1 ~`: the end of a bracketed paste.
    static let pasteEnd: [UInt8] = [0x1B, 0x5B, 0x32, 0x30, 0x31, 0x7E]

    public init() {}

    /// True while an escape sequence, a character or a paste is half-read.
    public var isPending: Bool { !pending.isEmpty || paste != nil || !utf8.isEmpty || skipping }

    /// True inside a bracketed paste.
    public var isInPaste: Bool { paste != nil }

    /// Feeds one byte of the terminal's UTF-8 input and returns what it completes.
    /// A byte that cannot be part of UTF-8 here is dropped (with the character it cut).
    public mutating func feed(byte b: UInt8) -> [InputEvent] {
        if paste != nil { return feedPaste(byte: b) }
        if utf8.isEmpty {
            if b < 0x80 { return feed(char: UInt32(b)) }
            if b >= 0xC2 && b <= 0xF4 { utf8 = [b] }
            return []
        }
        guard b & 0xC0 == 0x80 else {
            utf8 = []
            return feed(byte: b)
        }
        utf8.append(b)
        let length = utf8[0] >= 0xF0 ? 4 : utf8[0] >= 0xE0 ? 3 : 2
        guard utf8.count == length else { return [] }
        defer { utf8 = [] }
        var decoder = UTF8()
        var bytes = utf8.makeIterator()
        guard case .scalarValue(let scalar) = decoder.decode(&bytes) else { return [] }
        return feed(char: scalar.value)
    }

    /// Feeds one character (a Unicode scalar value) and returns what it completes.
    public mutating func feed(char u: UInt32) -> [InputEvent] {
        if paste != nil {
            guard let scalar = Unicode.Scalar(u) else { return [] }
            return UTF8.encode(scalar)?.flatMap { feedPaste(byte: $0) } ?? []
        }
        if skipping {
            // Parameter and intermediate bytes go on; the final byte ends the sequence (dropped
            // too); anything else ends it and is read as itself.
            if u >= 0x20 && u <= 0x3F { return [] }
            skipping = false
            if u >= 0x40 && u <= 0x7E { return [] }
        }
        if pending.isEmpty {
            if u == 0x1B { pending = [u]; return [] }
            return [.key(Self.key(for: u))]
        }
        pending.append(u)
        return parsePending()
    }

    /// Called when no byte followed within the timeout: whatever is pending is
    /// the Escape key (and, for a broken sequence, its characters as keys); a character
    /// left unfinished is dropped. A paste waits for its end marker (a slow terminal may
    /// pause inside one), until `endPaste()`.
    public mutating func flush() -> [InputEvent] {
        guard paste == nil else { return [] }
        utf8 = []
        skipping = false
        guard !pending.isEmpty else { return [] }
        // The start of a paste's start marker (`ESC [ 2`, `ESC [ 2 0`, `ESC [ 2 0 0`) waits for
        // its rest: a link that pauses there (ssh) must not turn the pasted text into keys.
        if pending.count >= 3, pending.count < Self.pasteStart.count, Self.pasteStart.starts(with: pending) { return [] }
        let rest = pending.dropFirst()
        pending = []
        if rest.count > 1 && rest.first == 0x5B { return [] }  // a cut CSI sequence: never text
        return [.key(.escape)] + rest.map { .key(Self.key(for: $0)) }
    }

    private mutating func feedPaste(byte b: UInt8) -> [InputEvent] {
        if b == 0x03 {  // Ctrl-C: always acts, even inside a paste
            return endPaste() + [.key(.ctrl("c"))]
        }
        paste!.append(b)
        guard b == 0x7E, paste!.count >= Self.pasteEnd.count, paste!.suffix(Self.pasteEnd.count).elementsEqual(Self.pasteEnd) else {
            return []
        }
        let body = paste!.dropLast(Self.pasteEnd.count)
        paste = nil
        return [.paste(Self.pastedText(body))]
    }

    /// Ends a paste whose end marker has not come (the caller's input went quiet, or a
    /// Ctrl-C): what was pasted so far, without a cut end marker at its end. Nothing outside
    /// a paste.
    public mutating func endPaste() -> [InputEvent] {
        guard var body = paste else { return [] }
        paste = nil
        // The start of an end marker cut off, or one whose ESC was lost.
        for n in stride(from: Self.pasteEnd.count - 1, through: 1, by: -1) where body.suffix(n).elementsEqual(Self.pasteEnd.prefix(n)) {
            body.removeLast(n)
            break
        }
        if body.suffix(Self.pasteEnd.count - 1).elementsEqual(Self.pasteEnd.dropFirst()) { body.removeLast(Self.pasteEnd.count - 1) }
        return body.isEmpty ? [] : [.paste(Self.pastedText(body))]
    }

    /// The pasted bytes as text (UTF-8; bytes that are not, U+FFFD): CR LF and CR become
    /// `\n`, tab a space, other control characters (ESC included) are dropped.
    static func pastedText<C: Collection>(_ bytes: C) -> String where C.Element == UInt8 {
        var out = String.UnicodeScalarView()
        var previous: UInt32 = 0
        for u in String(decoding: Array(bytes), as: UTF8.self).unicodeScalars.lazy.map(\.value) {
            defer { previous = u }
            switch u {
            case 0x0D: out.append("\n")
            case 0x0A: if previous != 0x0D { out.append("\n") }
            case 0x09: out.append(" ")
            case 0..<0x20, 0x7F, 0x80..<0xA0: continue
            default: if let s = Unicode.Scalar(u) { out.append(s) }
            }
        }
        return String(out)
    }

    private mutating func parsePending() -> [InputEvent] {
        // pending[0] is ESC.
        if pending.count == 2 {
            if pending[1] == UInt32(UInt8(ascii: "[")) || pending[1] == UInt32(UInt8(ascii: "O")) { return [] }
            // ESC + another key: Escape, then that key (Alt is not bound).
            let second = pending[1]
            pending = []
            if second == 0x1B { pending = [0x1B]; return [.key(.escape)] }
            return [.key(.escape), .key(Self.key(for: second))]
        }
        if pending[1] == UInt32(UInt8(ascii: "O")) { return parseSS3() }
        if pending[2] == UInt32(UInt8(ascii: "<")) { return parseSGR() }
        if pending[2] == UInt32(UInt8(ascii: "M")) { return parseX10() }
        return parseCSI()
    }

    /// `ESC [ params final`: parameters and intermediates (0x20–0x3F) up to a final byte
    /// (0x40–0x7E). Paste start, CSI u and modifyOtherKeys are decoded; the rest is dropped.
    private mutating func parseCSI() -> [InputEvent] {
        guard let last = pending.last else { return [] }
        if last >= 0x20 && last <= 0x3F { return overlong() }
        if last == 0x1B { return restart() }
        let params = String(String.UnicodeScalarView(pending.dropFirst(2).dropLast().compactMap(Unicode.Scalar.init)))
        pending = []
        guard last >= 0x40 && last <= 0x7E else { return [] }  // not a sequence after all: dropped
        let numbers = params.split(separator: ";", omittingEmptySubsequences: false).map { Int($0.split(separator: ":").first ?? "") }
        switch (last, numbers.count) {
        case (0x7E, 1) where numbers[0] == 200:  // ESC[200~
            paste = []
            return []
        case (0x75, _):  // CSI code ; mods u (kitty)
            guard let code = numbers.first ?? nil else { return [] }
            let mods = numbers.count > 1 ? (numbers[1] ?? 1) : 1
            return Self.modifiedKey(code: code, modifiers: mods).map { [.key($0)] } ?? []
        case (0x7E, 3) where numbers[0] == 27:  // CSI 27 ; mods ; code ~ (xterm modifyOtherKeys)
            guard let code = numbers[2] else { return [] }
            return Self.modifiedKey(code: code, modifiers: numbers[1] ?? 1).map { [.key($0)] } ?? []
        case (0x7E, _):  // CSI n ~ that terminfo did not name (tmux sends Home as ESC[1~)
            return Self.tildeKey(numbers.first ?? nil).map { [.key($0)] } ?? []
        case (0x48, _): return [.key(.home)]  // CSI H, CSI 1;m H
        case (0x46, _): return [.key(.end)]   // CSI F
        case (0x41...0x44, 1) where (numbers[0] ?? 1) == 1:
            // CSI A–D, the arrows in the cursor mode terminfo does not name (ncurses decodes
            // only the keypad mode's ESC O A), or whose ESC came in an earlier read than its
            // rest: `ESC` then `[B` 10 ms later was dropped whole. With a modifier (Ctrl-↑
            // `ESC[1;5A`) they stay unbound.
            return [.key(Self.arrow(last))]
        default:
            return []
        }
    }

    /// A sequence still going on: past `maxSequence` characters it is garbage, dropped with
    /// the rest of it up to its final byte (`skipping`). Dropping only what was read, its tail
    /// (`3333;3M` of `ESC[<0;` and 40 digits) became keys: a tab switch and a detent.
    private mutating func overlong() -> [InputEvent] {
        if pending.count > Self.maxSequence { pending = []; skipping = true }
        return []
    }

    /// An ESC inside an unfinished sequence (one cut off, then the next key's): the cut one is
    /// dropped and the ESC begins anew. Taken as the cut one's end, the next sequence's
    /// `[3~` or `[2A` was read as keys.
    private mutating func restart() -> [InputEvent] {
        pending = [0x1B]
        return []
    }

    /// `ESC O final` (SS3): the keypad mode's arrows, Home, End and F1, when ncurses did not
    /// decode them (their ESC came in an earlier read); other finals are dropped, never text.
    private mutating func parseSS3() -> [InputEvent] {
        guard let last = pending.last else { return [] }
        if last == 0x1B { return restart() }
        pending = []
        switch last {
        case 0x41...0x44: return [.key(Self.arrow(last))]
        case 0x48: return [.key(.home)]
        case 0x46: return [.key(.end)]
        case 0x50: return [.key(.f1)]
        default: return []
        }
    }

    /// The arrow of final byte `A`–`D` (CSI or SS3): up, down, right, left.
    private static func arrow(_ final: UInt32) -> Key {
        switch final {
        case 0x41: return .up
        case 0x42: return .down
        case 0x43: return .right
        default: return .left
        }
    }

    /// The key of a `CSI n ~` sequence (VT220 and rxvt numbering): Home, End, Page Up/Down.
    static func tildeKey(_ n: Int?) -> Key? {
        switch n {
        case 1, 7: return .home
        case 3: return .delete
        case 4, 8: return .end
        case 5: return .pageUp
        case 6: return .pageDown
        default: return nil
        }
    }

    /// A key from a Unicode `code` and an xterm modifier parameter (1 + shift 1, alt 2,
    /// ctrl 4, …). Alt and super combinations are not bound, so they give nil (ignored).
    static func modifiedKey(code: Int, modifiers: Int) -> Key? {
        let bits = max(0, modifiers - 1)
        let shift = bits & 1 != 0, alt = bits & 2 != 0, ctrl = bits & 4 != 0
        guard !alt, bits & ~7 == 0, code > 0, code < 0x110000, let scalar = Unicode.Scalar(UInt32(code)) else { return nil }
        switch code {
        case 13: return .enter
        case 27: return .escape
        case 9: return shift ? .backTab : .tab
        case 127, 8: return .backspace
        default: break
        }
        if code < 0x20 || (code >= 0x7F && code < 0xA0) || (code >= 0xE000 && code < 0xF900) { return nil }  // private-use: kitty's function keys
        if ctrl {
            let lower = Character(scalar).lowercased()
            guard lower.count == 1, let c = lower.first, c.isASCII, c.isLetter else { return nil }
            return .ctrl(c)
        }
        let c = Character(scalar)
        let upper = c.uppercased()
        return .char(shift && upper.count == 1 ? Character(upper) : c)
    }

    /// `ESC [ < b ; x ; y M|m`, of digits. Anything else up to a final byte (0x40–0x7E), as
    /// `ESC[<32;100;-3M`, is dropped whole, as any other CSI sequence: cut at the `-`, its
    /// `3M` became keys (a tab switch and a typed `M`).
    private mutating func parseSGR() -> [InputEvent] {
        guard let last = pending.last else { return [] }
        if last >= 0x20 && last <= 0x3F { return overlong() }  // parameter and intermediate bytes: the report goes on
        if last == 0x1B { return restart() }
        let body = pending.dropFirst(3).dropLast()
        pending = []
        let isReport = last == UInt32(UInt8(ascii: "M")) || last == UInt32(UInt8(ascii: "m"))
        guard isReport, body.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x3B }) else { return [] }
        let parts = String(String.UnicodeScalarView(body.compactMap(Unicode.Scalar.init))).split(separator: ";").compactMap { Int($0) }
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
