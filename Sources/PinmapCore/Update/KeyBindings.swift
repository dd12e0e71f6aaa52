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

    /// True for the actions that act on every tab; the others act on the Map tab only
    /// (`AppState.perform` checks it, and a key's message says so).
    public var worksOnEveryTab: Bool {
        switch self {
        case .quit, .help, .nextTab, .previousTab, .showTab, .loadSamples, .toggleASCII: true
        default: false
        }
    }
}

/// A key binding with its help text (`S` keys, so help is in the interface's language),
/// kept together so help never drifts.
public struct KeyBinding: Sendable {
    public var keys: [Key]
    public var label: String
    public var action: Action
    public var helpKey: S
    public var sectionKey: S

    public var help: String { helpKey.text }
    public var section: String { sectionKey.text }

    init(keys: [Key], label: String, action: Action, help: S, section: S) {
        self.keys = keys; self.label = label; self.action = action; helpKey = help; sectionKey = section
    }
}

/// A line of help for keys a tab or the search field handles itself (not an `Action`):
/// a key label (keys are not translated) or a gesture's words (`S`, translated).
public struct KeyHelp: Sendable {
    private var keys: String?
    private var words: S?
    public var help: S

    init(label: String, help: S) { keys = label; self.help = help }
    init(_ words: S, help: S) { self.words = words; self.help = help }

    public var label: String { words?.text ?? keys ?? "" }
}

/// Pinmap's key map. Digits, `;`, `M`/`m` and `[` can arrive as the tail of a
/// mouse report split across two reads (`ESC [ < 0 ; 12 ; 5 M` cut after any byte: the
/// rest arrives as keys), so none of them is destructive.
public enum KeyBindings {
    public static let all: [KeyBinding] = [
        KeyBinding(keys: [.char("?"), .f1], label: "?", action: .help, help: .hShowHelp, section: .helpGeneral),
        KeyBinding(keys: [.char("q"), .ctrl("c")], label: "q  Ctrl-C", action: .quit, help: .hQuit, section: .helpGeneral),
        KeyBinding(keys: [.tab], label: "Tab", action: .nextTab, help: .hNextTab, section: .helpGeneral),
        KeyBinding(keys: [.backTab], label: "Shift-Tab", action: .previousTab, help: .hPreviousTab, section: .helpGeneral),
        KeyBinding(keys: [.char("1")], label: "1", action: .showTab(.map), help: .hMapTab, section: .helpGeneral),
        KeyBinding(keys: [.char("2")], label: "2", action: .showTab(.timeline), help: .hTimelineTab, section: .helpGeneral),
        KeyBinding(keys: [.char("3")], label: "3", action: .showTab(.importer), help: .hImportTab, section: .helpGeneral),
        KeyBinding(keys: [.char("4")], label: "4", action: .showTab(.settings), help: .hSettingsTab, section: .helpGeneral),

        KeyBinding(keys: [.char("K")], label: "K", action: .raiseSheet, help: .hRaise, section: .helpSheet),
        KeyBinding(keys: [.char("J")], label: "J", action: .lowerSheet, help: .hLower, section: .helpSheet),
        KeyBinding(keys: [.char("S")], label: "S", action: .sheetTo(.small), help: .hSmall, section: .helpSheet),
        KeyBinding(keys: [.char("M")], label: "M", action: .sheetTo(.medium), help: .hMedium, section: .helpSheet),
        KeyBinding(keys: [.char("L")], label: "L", action: .sheetTo(.large), help: .hLarge, section: .helpSheet),
        KeyBinding(keys: [.escape], label: "Esc", action: .sheetEscape, help: .hSheetEsc, section: .helpSheet),
        KeyBinding(keys: [.char("f")], label: "f", action: .openFilter, help: .hFilter, section: .helpSheet),
        KeyBinding(keys: [.char("s")], label: "s", action: .cycleOrder, help: .hSort, section: .helpSheet),

        KeyBinding(keys: [.char("m")], label: "m", action: .toggleFocus, help: .hToggleFocus, section: .helpFocus),
        KeyBinding(keys: [.char("k"), .up], label: "k ↑", action: .up, help: .hUp, section: .helpFocus),
        KeyBinding(keys: [.char("j"), .down], label: "j ↓", action: .down, help: .hDown, section: .helpFocus),
        KeyBinding(keys: [.char("h"), .left], label: "h ←", action: .left, help: .hLeft, section: .helpFocus),
        KeyBinding(keys: [.char("l"), .right], label: "l →", action: .right, help: .hRight, section: .helpFocus),
        KeyBinding(keys: [.pageUp], label: "PgUp", action: .pageUp, help: .hPageUp, section: .helpFocus),
        KeyBinding(keys: [.pageDown], label: "PgDn", action: .pageDown, help: .hPageDown, section: .helpFocus),
        KeyBinding(keys: [.home], label: "Home", action: .home, help: .hHome, section: .helpFocus),
        KeyBinding(keys: [.end], label: "End", action: .end, help: .hEnd, section: .helpFocus),

        KeyBinding(keys: [.char("+"), .char("=")], label: "+", action: .zoomIn, help: .hZoomIn, section: .helpMap),
        KeyBinding(keys: [.char("-")], label: "-", action: .zoomOut, help: .hZoomOut, section: .helpMap),
        KeyBinding(keys: [.char("0")], label: "0", action: .resetWorld, help: .hWorld, section: .helpMap),
        KeyBinding(keys: [.char("F")], label: "F", action: .fitPins, help: .hFit, section: .helpMap),
        KeyBinding(keys: [.char("b")], label: "b", action: .toggleASCII, help: .hASCII, section: .helpMap),
        KeyBinding(keys: [.char("P")], label: "P", action: .loadSamples, help: .hSamples, section: .helpMap),
        KeyBinding(keys: [.char("g")], label: "g", action: .goToPlace, help: .hGoToPlace, section: .helpMap),

        KeyBinding(keys: [.enter], label: "Enter", action: .open, help: .hOpen, section: .helpPins),
        KeyBinding(keys: [.char("a")], label: "a", action: .addPin, help: .hAdd, section: .helpPins),
        KeyBinding(keys: [.char("e")], label: "e", action: .editPin, help: .hEdit, section: .helpPins),
        KeyBinding(keys: [.char("d")], label: "d", action: .deletePin, help: .hDelete, section: .helpPins),
        KeyBinding(keys: [.char("u")], label: "u", action: .undoDelete, help: .hUndo, section: .helpPins),
        KeyBinding(keys: [.char("/")], label: "/", action: .search, help: .hSearch, section: .helpPins),
    ]

    /// `key` as the user typed it, for a message about it ("x", "Ctrl-G", "Space"); nil for
    /// keys with no such name to quote (arrows, Esc, Enter…: their absence of effect is plain).
    public static func typedName(_ key: Key) -> String? {
        switch key {
        case .char(" "): "Space"
        case .char(let c) where !c.isWhitespace: String(c)
        case .ctrl(let c): "Ctrl-" + c.uppercased()
        default: nil
        }
    }

    /// The action bound to `key`, if any.
    public static func action(for key: Key) -> Action? {
        lookup[key]
    }

    private static let lookup: [Key: Action] = {
        var m: [Key: Action] = [:]
        for b in all { for k in b.keys where m[k] == nil { m[k] = b.action } }
        return m
    }()

    /// Keys of the search field (Search.swift).
    public static let searchHelp: [KeyHelp] = [
        KeyHelp(.kType, help: .hSearchType), KeyHelp(label: "Enter", help: .hSearchEnter),
        KeyHelp(label: "Esc", help: .hSearchEsc), KeyHelp(label: "↑ ↓", help: .hSearchArrows),
        KeyHelp(.kPaste, help: .hSearchPaste), KeyHelp(label: "Ctrl-F  F", help: .hSearchFit),
    ]

    /// Keys of the pop-up after a save refused because the pin changed elsewhere
    /// (`ConfirmPopup+Conflict.swift`).
    public static let conflictHelp: [KeyHelp] = [
        KeyHelp(label: "y", help: .hcKeepMine), KeyHelp(label: "t", help: .hcTakeTheirs),
        KeyHelp(label: "Esc", help: .hcBack), KeyHelp(label: "← → Enter", help: .hcChoose),
    ]

    /// Keys each tab handles itself (Timeline.swift, ImportTab.swift, Settings.swift).
    public static func tabHelp(_ tab: Tab) -> [KeyHelp] {
        switch tab {
        case .map: return []
        case .timeline:
            return [KeyHelp(label: "← → h l", help: .hTimelineDay), KeyHelp(label: "↑ ↓", help: .hTimelineWeek),
                    KeyHelp(label: "< > PgUp/Dn", help: .hTimelineMonth), KeyHelp(label: "j k Home End", help: .hTimelinePins),
                    KeyHelp(label: "Enter", help: .hTimelineOpen)]
        case .importer:
            return [KeyHelp(.kType, help: .hImportType), KeyHelp(label: "Tab", help: .hImportComplete),
                    KeyHelp(label: "↑ ↓", help: .hImportPick), KeyHelp(label: "Enter", help: .hImportEnter),
                    KeyHelp(label: "Esc", help: .hImportEsc), KeyHelp(label: "e i /", help: .hImportEdit),
                    KeyHelp(.kPaste, help: .hImportQuoted),
                    // Outside the field (ImportTab.swift's second switch, and Esc while importing).
                    KeyHelp(label: "y", help: .hImportYes), KeyHelp(label: "Esc", help: .hImportStop),
                    KeyHelp(label: "u", help: .hImportUndo), KeyHelp(label: "PgUp PgDn", help: .hImportScroll)]
        case .settings:
            return [KeyHelp(label: "↑ ↓ j k", help: .hSettingsMove), KeyHelp(label: "Enter ← →", help: .hSettingsChange),
                    KeyHelp(.kClick, help: .hSettingsClick)]
        }
    }

    /// Mouse gestures, for `?`.
    public static let mouseHelp: [KeyHelp] = [
        KeyHelp(.kDragGrabber, help: .mDragGrabber), KeyHelp(.kClickGrabber, help: .mClickGrabber),
        KeyHelp(.kClickTab, help: .mClickTab), KeyHelp(.kClickPin, help: .mClickPin),
        KeyHelp(.kDragMap, help: .mDragMap), KeyHelp(.kWheelMap, help: .mWheelMap),
        KeyHelp(.kWheelList, help: .mWheelList), KeyHelp(.kRightButton, help: .mRight),
        KeyHelp(.kSecondClick, help: .mSecondClick), KeyHelp(.kClickRow, help: .mClickSettings),
        KeyHelp(.kClickFile, help: .mClickFile),
        // A count zooms in, the sheet's [Filter] opens the filter, a Timeline day is chosen:
        // help listed none of them, though every mouse action has a key.
        KeyHelp(.kClickCount, help: .mClickCount), KeyHelp(.kClickFilter, help: .mClickFilter),
        KeyHelp(.kClickDay, help: .mClickDay),
    ]
}
