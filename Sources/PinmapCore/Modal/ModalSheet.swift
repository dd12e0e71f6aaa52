import Frame

/// A modal sheet's presentation: it slides up from the bottom edge over a
/// dimmed backdrop and slides back down when dismissed (the "Open Filter"
/// design in docs/sheet.md: 0.25 s ease-in, backdrop to 70 % dark; the pop-up
/// design: 25 % dim, 0.3 s; the notice design: 30 % dim). One piece reused by
/// the filter sheet, the confirmation pop-up and the notice sheet. Pure: time
/// comes in as seconds.
public struct ModalPresentation: Sendable, Equatable {
    public enum Phase: Sendable, Equatable { case presenting, shown, dismissing }

    /// Full height of the card in rows (including its grabber row).
    public var height: Int
    /// Rows kept free under the card: 2 for a sheet that leaves the status line and the tab
    /// bar in view (the filter sheet, the notice), 0 for a full page (form, detail).
    public var bottomInset = 0
    /// Backdrop darkness 0…1 (terminals can only dim or not: > 0 dims).
    public var dim: Double
    /// Slide duration in seconds.
    public var duration: Double
    public private(set) var phase: Phase
    private var phaseStart: Double
    /// Rows the card has been dragged down by the user (0 when not dragged).
    public private(set) var dragOffset: Int = 0
    private var dragStartRow: Int?

    public init(height: Int, dim: Double, duration: Double = 0.25, now: Double, animated: Bool) {
        self.height = height; self.dim = dim; self.duration = duration
        phase = animated ? .presenting : .shown
        phaseStart = now
    }

    /// Fraction 0…1 of the card that is up at `now` (ease-in up, reverse down).
    public func progress(at now: Double) -> Double {
        let t = duration <= 0 ? 1 : min(1, max(0, (now - phaseStart) / duration))
        switch phase {
        case .presenting: return t * t
        case .shown: return 1
        case .dismissing: return 1 - t * t
        }
    }

    /// Rows of the card visible at `now`.
    public func visibleRows(at now: Double) -> Int {
        max(0, Int((Double(height) * progress(at: now)).rounded()) - dragOffset)
    }

    /// True while sliding (the caller must keep ticking).
    public func isAnimating(at now: Double) -> Bool { phase != .shown && now - phaseStart < duration }

    /// True once a dismissal has finished: the modal can be removed.
    public func isGone(at now: Double) -> Bool { phase == .dismissing && now - phaseStart >= duration }

    /// Advances phases whose animation ended.
    public mutating func tick(now: Double) {
        if phase == .presenting && now - phaseStart >= duration { phase = .shown }
    }

    /// Starts sliding down from where it is.
    public mutating func dismiss(now: Double, animated: Bool) {
        guard phase != .dismissing else { return }
        let p = progress(at: now)
        phase = .dismissing
        // Start the reverse animation at the current position.
        phaseStart = animated ? now - duration * (1 - p).squareRoot() : now - duration
        if !animated { dragOffset = 0 }
    }

    /// A press on the card's grabber row starts a drag down.
    public mutating func beginDrag(row: Int) { dragStartRow = row }
    public var isDragging: Bool { dragStartRow != nil }

    public mutating func drag(row: Int) {
        guard let s = dragStartRow else { return }
        dragOffset = max(0, min(height, row - s))
    }

    /// A drag that ended now would close the card (it is past a third of its height).
    public var dragWouldClose: Bool { isDragging && dragOffset * 3 >= height }

    /// Ends a drag: past a third of its height the card closes (returns true), unless
    /// `mayClose` is false (a form that asks before it discards); otherwise it returns to
    /// full height.
    public mutating func endDrag(now: Double, animated: Bool, mayClose: Bool = true) -> Bool {
        defer { dragStartRow = nil }
        if mayClose && dragOffset * 3 >= height {
            let visible = Double(height - dragOffset) / Double(max(1, height))
            dragOffset = 0
            phase = .dismissing
            phaseStart = animated ? now - duration * (1 - max(0, visible)).squareRoot() : now - duration
            return true
        }
        dragOffset = 0
        return false
    }

    /// The card's rectangle on a screen of `cols` × `rows` at `now`: bottom
    /// aligned, full width.
    public func rect(cols: Int, rows: Int, now: Double) -> Rect {
        let bottom = max(0, rows - bottomInset)
        let h = min(visibleRows(at: now), bottom)
        return Rect(x: 0, y: bottom - h, width: cols, height: h)
    }
}
