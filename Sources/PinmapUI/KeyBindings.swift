import Frame
import Sheet

/// Everything a key can do. Mouse gestures map onto the same actions, so each
/// has a keyboard equivalent.
public enum Action: Sendable, Hashable {
    case quit, help
    case nextTab, previousTab, showTab(Tab)
    case raiseSheet, lowerSheet, sheetTo(Detent), sheetEscape
    case toggleFocus
    case up, down, left, right, pageUp, pageDown, home, end, open
    case zoomIn, zoomOut, resetWorld, fitPins
    case cycleOrder, toggleASCII, openFilter, loadSamples
    case addPin, editPin, deletePin, undoDelete, search, goToPlace
}

/// A key binding with the text `?` shows, kept together so help never drifts.
public struct KeyBinding: Sendable {
    public var keys: [Key]
    public var label: String
    public var action: Action
    public var help: String
    public var section: String
}

/// Pinmap's key map. Digits, `;`, `M`/`m` and `[` can arrive as the tail of a
/// split mouse report (terminal.md §7), so none of them is destructive.
public enum KeyBindings {
    public static let all: [KeyBinding] = [
        KeyBinding(keys: [.char("?"), .f1], label: "?", action: .help, help: "show or hide this help", section: "General"),
        KeyBinding(keys: [.char("q"), .ctrl("c")], label: "q  Ctrl-C", action: .quit, help: "quit", section: "General"),
        KeyBinding(keys: [.tab], label: "Tab", action: .nextTab, help: "next tab", section: "General"),
        KeyBinding(keys: [.backTab], label: "Shift-Tab", action: .previousTab, help: "previous tab", section: "General"),
        KeyBinding(keys: [.char("1")], label: "1", action: .showTab(.map), help: "Map tab", section: "General"),
        KeyBinding(keys: [.char("2")], label: "2", action: .showTab(.timeline), help: "Timeline tab", section: "General"),
        KeyBinding(keys: [.char("3")], label: "3", action: .showTab(.importer), help: "Import tab", section: "General"),
        KeyBinding(keys: [.char("4")], label: "4", action: .showTab(.settings), help: "Settings tab", section: "General"),

        KeyBinding(keys: [.char("K")], label: "K", action: .raiseSheet, help: "raise the sheet one detent", section: "Sheet"),
        KeyBinding(keys: [.char("J")], label: "J", action: .lowerSheet, help: "lower the sheet one detent", section: "Sheet"),
        KeyBinding(keys: [.char("S")], label: "S", action: .sheetTo(.small), help: "sheet to small", section: "Sheet"),
        KeyBinding(keys: [.char("M")], label: "M", action: .sheetTo(.medium), help: "sheet to medium", section: "Sheet"),
        KeyBinding(keys: [.char("L")], label: "L", action: .sheetTo(.large), help: "sheet to large", section: "Sheet"),
        KeyBinding(keys: [.escape], label: "Esc", action: .sheetEscape, help: "lower the sheet to small", section: "Sheet"),
        KeyBinding(keys: [.char("f")], label: "f", action: .openFilter, help: "filter by category", section: "Sheet"),
        KeyBinding(keys: [.char("s")], label: "s", action: .cycleOrder, help: "sort: newest/name/distance", section: "Sheet"),

        KeyBinding(keys: [.char("m")], label: "m", action: .toggleFocus, help: "focus: map ⇄ list", section: "Focus"),
        KeyBinding(keys: [.char("k"), .up], label: "k ↑", action: .up, help: "list: previous · map: pan N", section: "Focus"),
        KeyBinding(keys: [.char("j"), .down], label: "j ↓", action: .down, help: "list: next · map: pan S", section: "Focus"),
        KeyBinding(keys: [.char("h"), .left], label: "h ←", action: .left, help: "map: pan west", section: "Focus"),
        KeyBinding(keys: [.char("l"), .right], label: "l →", action: .right, help: "map: pan east", section: "Focus"),
        KeyBinding(keys: [.pageUp], label: "PgUp", action: .pageUp, help: "list: page up", section: "Focus"),
        KeyBinding(keys: [.pageDown], label: "PgDn", action: .pageDown, help: "list: page down", section: "Focus"),
        KeyBinding(keys: [.home], label: "Home", action: .home, help: "list: first pin", section: "Focus"),
        KeyBinding(keys: [.end], label: "End", action: .end, help: "list: last pin", section: "Focus"),

        KeyBinding(keys: [.char("+"), .char("=")], label: "+", action: .zoomIn, help: "zoom in (or wheel)", section: "Map"),
        KeyBinding(keys: [.char("-")], label: "-", action: .zoomOut, help: "zoom out (or wheel)", section: "Map"),
        KeyBinding(keys: [.char("0")], label: "0", action: .resetWorld, help: "whole world", section: "Map"),
        KeyBinding(keys: [.char("F")], label: "F", action: .fitPins, help: "fit all (filtered) pins", section: "Map"),
        KeyBinding(keys: [.char("b")], label: "b", action: .toggleASCII, help: "braille / ASCII map", section: "Map"),
        KeyBinding(keys: [.char("P")], label: "P", action: .loadSamples, help: "load the sample pins", section: "Map"),
        KeyBinding(keys: [.char("g")], label: "g", action: .goToPlace, help: "go to a place by name (offline)", section: "Map"),

        KeyBinding(keys: [.enter], label: "Enter", action: .open, help: "pin detail (c comment, x delete)", section: "Pins"),
        KeyBinding(keys: [.char("a")], label: "a", action: .addPin, help: "add a pin at the map centre", section: "Pins"),
        KeyBinding(keys: [.char("e")], label: "e", action: .editPin, help: "edit the selected pin", section: "Pins"),
        KeyBinding(keys: [.char("d")], label: "d", action: .deletePin, help: "delete the selected pin (asks)", section: "Pins"),
        KeyBinding(keys: [.char("u")], label: "u", action: .undoDelete, help: "undo the last delete", section: "Pins"),
        KeyBinding(keys: [.char("/")], label: "/", action: .search, help: "search (Enter keeps, Esc clears)", section: "Pins"),
    ]

    /// The action bound to `key`, if any.
    public static func action(for key: Key) -> Action? {
        lookup[key]
    }

    private static let lookup: [Key: Action] = {
        var m: [Key: Action] = [:]
        for b in all { for k in b.keys where m[k] == nil { m[k] = b.action } }
        return m
    }()

    /// Mouse help lines for `?`.
    public static let mouseHelp: [(String, String)] = [
        ("drag ━━", "move the sheet, settles on a detent"),
        ("click ━━", "cycle small→medium→large→medium"),
        ("click tab", "switch tab"),
        ("click pin", "select it (small sheet → medium)"),
        ("drag map", "pan · wheel: zoom at the pointer"),
        ("wheel list", "scroll (medium and large only)"),
        ("right btn", "on the map: add a pin there"),
        ("2nd click", "on a list row: the pin's detail"),
    ]
}
