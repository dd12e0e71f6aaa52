import Frame

/// A modal sheet on screen: its presentation (slide, dim, drag to close) and
/// what it holds.
public struct Modal: Sendable {
    public var presentation: ModalPresentation
    public var content: ModalContent
}

public enum ModalContent: Sendable {
    case filter(FilterSheet)
    /// A result notice: bold title and a message; leaves by itself.
    case notice(title: String, message: String, success: Bool, shownAt: Double)
    /// The add / edit pin form (PinForm.swift).
    case form(PinForm)
    /// A confirmation pop-up before a destructive action (ConfirmPopup.swift).
    case confirm(ConfirmPopup)
    /// A pin's full-height detail page with its comments (PinDetail.swift).
    case detail(PinDetail)
}

/// How long a notice stays before it leaves by itself, in seconds.
let noticeLifetime = 4.0

extension AppState {
    /// True while a modal is up (it takes all input).
    public var hasModal: Bool { feedback.modal != nil }

    /// True while help is shown over a modal that stays (the conflict pop-up's `?`): keys and
    /// clicks only close help, never act below the pop-up.
    var modalUnderHelp: Bool { feedback.showHelp && feedback.modal.map { $0.presentation.phase != .dismissing } == true }

    /// True while time alone changes the modal: it slides in or out (or has slid away and
    /// waits for the tick that removes it), a notice counts down its lifetime, or a pop-up
    /// raised from the detail page slides in. A modal at rest (the filter sheet, a pop-up, the
    /// form, the detail page) needs no frame: ticking for it repainted the whole screen 60
    /// times a second while it stood open (a fifth of a core, idle).
    var modalNeedsTicks: Bool {
        guard let m = feedback.modal else { return false }
        if m.presentation.phase != .shown { return true }
        switch m.content {
        case .notice: return true
        case .detail(let d): return d.confirm?.presentation.isAnimating(at: clock) ?? false
        default: return false
        }
    }

    /// Presents `content` as a modal sheet of `height` rows over a `dim` backdrop; with
    /// `keepsBars` its bottom edge is the row above the status line (as the pin sheet's).
    mutating func present(_ content: ModalContent, height: Int, dim: Double, keepsBars: Bool = false, now: Double) {
        let h = min(height, max(3, keepsBars ? layout.travel : layout.rows - 2))
        var presentation = ModalPresentation(height: h, dim: dim, now: now, animated: !sheet.reducedMotion)
        if keepsBars { presentation.bottomInset = layout.rows - layout.travel }
        feedback.modal = Modal(presentation: presentation, content: content)
    }

    mutating func dismissModal(now: Double) {
        feedback.modal?.presentation.dismiss(now: now, animated: !sheet.reducedMotion)
    }

    /// Advances the modal's animation; removes it once it has slid away, and
    /// starts a notice's exit when its time is up.
    mutating func tickModal(now: Double) {
        guard var m = feedback.modal else { return }
        m.presentation.tick(now: now)
        if case .notice(_, _, _, let shownAt) = m.content, now - shownAt >= noticeLifetime,
           m.presentation.phase == .shown {
            m.presentation.dismiss(now: now, animated: !sheet.reducedMotion)
        }
        feedback.modal = m.presentation.isGone(at: now) ? nil : m
    }

    /// Input while a modal is up. Returns true when the event was consumed.
    mutating func handleModal(_ input: InputEvent, now: Double, _ fx: inout Effects) -> Bool {
        guard var m = feedback.modal else { return false }
        // A modal on its way out takes nothing: the key acts on the screen below at once.
        if m.presentation.phase == .dismissing { return false }
        // Help raised over the modal (the conflict pop-up's `?`) takes the input first and closes.
        if modalUnderHelp { return false }
        switch input {
        case .resize, .paste: return false
        case .key(let key):
            if key == .ctrl("c") { quit = true; return true }
            switch m.content {
            case .notice:
                dismissModal(now: now)
                // Esc/Enter/Space/x only close it; any other key also acts, so
                // "u undoes" works on the first u and `q` quits (help: q quits everywhere).
                if ![.escape, .enter, .char(" "), .char("x")].contains(key) { feedback.modal = nil; return false }
            case .filter(var f):
                if key == .escape || key == .enter || key == .char("f") { dismissModal(now: now); return true }
                // A key the sheet has no use for (`2`, `/`, `+`, `q`) closes it and acts below at once.
                guard f.handle(key: key) else { dismissModal(now: now); return false }
                feedback.modal?.content = .filter(f)
                applyFilter(f, &fx)
            case .form, .confirm, .detail:
                return handleEditingKey(key, now: now, &fx)  // Update+Pins.swift
            }
            return true
        case .mouse(let e):
            let card = m.presentation.rect(cols: layout.cols, rows: layout.rows, now: now)
            if m.presentation.isDragging {
                if e.kind == .drag { m.presentation.drag(row: e.row); feedback.modal = m }
                if e.kind == .release {
                    // A form holding what was typed is not dragged away: it asks, as on Esc.
                    let asks = if case .form(let f) = m.content { f.asksBeforeDiscarding } else { false }
                    let wouldClose = m.presentation.dragWouldClose
                    let closed = m.presentation.endDrag(now: now, animated: !sheet.reducedMotion, mayClose: !asks)
                    feedback.modal = m
                    if asks && wouldClose { return handleEditingKey(.escape, now: now, &fx) }
                    // A conflict dragged away goes back to the edit: what was typed stays.
                    if closed, case .confirm(let popup) = m.content, popup.isConflict { backToEdit(popup.action, now: now) }
                }
                return true
            }
            guard e.kind == .press, e.button == .left else { return true }
            if e.row != card.y, handleEditingClick(e, card: card, now: now, &fx) {
                return true  // form, pop-up, detail page: Update+Pins.swift
            }
            if !card.contains(col: e.col, row: e.row) {
                dismissModal(now: now)  // a click on the backdrop (a form keeps itself: handleEditingClick)
            } else if case .notice = m.content {
                dismissModal(now: now)
            } else if e.row == card.y {
                m.presentation.beginDrag(row: e.row)
                feedback.modal = m
            } else if case .filter(var f) = m.content {
                let rows = card.maxY - (card.y + FilterSheet.headerRows)
                f.click(row: e.row - card.y - FilterSheet.headerRows + f.firstVisible(rows: rows))
                feedback.modal?.content = .filter(f)
                applyFilter(f, &fx)
            }
            return true
        }
    }

    private mutating func applyFilter(_ f: FilterSheet, _ fx: inout Effects) {
        let new = f.filter
        if new != map.categoryFilter {
            map.categoryFilter = new
            fx.requestView(list: true)
        }
    }

    /// Opens the category filter sheet.
    mutating func openFilter(now: Double) {
        let sheetContent = FilterSheet(categories: map.categoryCounts, current: map.categoryFilter)
        present(.filter(sheetContent), height: min(layout.travel, sheetContent.preferredHeight), dim: 0.7, keepsBars: true, now: now)
    }
}

/// The category filter's content: one checkbox per category in the store.
public struct FilterSheet: Sendable, Equatable {
    public static let headerRows = 3
    public var categories: [CategoryCount]
    public var checked: Set<String>
    public var cursor = 0

    public init(categories: [CategoryCount], current: Set<String>?) {
        self.categories = categories
        checked = current ?? Set(categories.map(\.name))
    }

    /// Rows the sheet wants: grabber, title, help, one per category, margin.
    public var preferredHeight: Int { FilterSheet.headerRows + max(1, categories.count) + 1 }

    /// The filter this selection means (nil = every category).
    public var filter: Set<String>? {
        checked.count == categories.count ? nil : checked
    }

    /// Moves the cursor or changes the checks; false when the sheet has no use for `key`.
    mutating func handle(key: Key) -> Bool {
        switch key {
        case .char("j"), .down: cursor = min(categories.count - 1, cursor + 1)
        case .char("k"), .up: cursor = max(0, cursor - 1)
        case .char(" "), .char("x"): toggle(cursor)
        case .char("a"): checked = Set(categories.map(\.name))
        case .char("n"): checked = []
        default: return false
        }
        return true
    }

    /// The first category shown when `rows` rows hold categories: scrolled just enough
    /// for the cursor to show (at 40×12 not every category fits).
    public func firstVisible(rows: Int) -> Int { max(0, min(cursor - max(1, rows) + 1, categories.count - max(1, rows))) }

    mutating func click(row: Int) {
        guard categories.indices.contains(row) else { return }
        cursor = row
        toggle(row)
    }

    mutating func toggle(_ i: Int) {
        guard categories.indices.contains(i) else { return }
        let name = categories[i].name
        if checked.contains(name) { checked.remove(name) } else { checked.insert(name) }
    }
}

/// A category and how many pins carry it.
public struct CategoryCount: Sendable, Equatable, Hashable {
    public var name: String
    public var count: Int
    public init(name: String, count: Int) { self.name = name; self.count = count }
}
