// Sheet: the pin sheet's behaviour, with no terminal in it.
//
// A bottom sheet over the map rests at three detents (small, medium, large),
// follows the pointer while dragged, and on release settles with a spring on
// the detent chosen from its height and velocity. Everything here is a value
// type; time (seconds, Double) is always passed in, so tests are exact.
//
// Pieces, after FloatingPanel's Layout / Behavior / Core split:
// - `Detent`, `DetentLayout`: which detents exist and their heights in rows for
//   a travel (Pinit's 1/14, 0.4, 0.8 of the height; Apple's rule that medium
//   goes inactive when space is short).
// - `VelocityTracker`: rows/s over the last 100 ms of motion (Android's
//   VelocityTracker horizon).
// - `ReleasePolicy`: FloatingPanel's projection p = h + v × 0.499 s, never
//   skipping a detent.
// - `Spring`: a critically damped spring (SwiftUI's response ≈ 0.35 s), analytic.
// - `SheetModel`: the state machine the UI drives (drag, click, keys, resize).
//
// Sources: FloatingPanel (scenee/FloatingPanel), Apple's
// UISheetPresentationController and SwiftUI presentation detents, Android's
// BottomSheetBehavior and BottomSheetDragHandleView, and Pinit (docs/sheet.md).
// The behaviour rules are docs/sheet.md; the tests in Tests/SheetTests are the
// worked examples.

/// What a pointer release meant.
public enum ReleaseOutcome: Equatable, Sendable {
    /// Press and release on the same row with no motion between: the caller
    /// decides (a grabber click cycles, a row click selects, …).
    case click
    /// A drag: the sheet now settles on this detent.
    case settle(Detent)
}

/// The pin sheet's state machine: resting, dragging or settling.
///
/// Heights are rows measured up from the bottom of the travel area (the row
/// above the tab bar / status line). Pointer rows are screen rows, 0 at the top,
/// so moving the pointer up by n rows grows the sheet by n × `sensitivity` rows.
/// Every method that takes `time` (seconds, any monotonic clock) first moves
/// the model's clock there; non-finite times are ignored.
public struct SheetModel: Sendable, Equatable {
    enum Phase: Sendable, Equatable {
        case resting
        case dragging(Drag)
        case settling(Spring)
    }

    struct Drag: Sendable, Equatable {
        var pressRow: Int
        /// Row and (unclamped) height the pointer offset is measured from;
        /// moved when the sensitivity changes mid-drag so the sheet does not jump.
        var anchorRow: Int
        var anchorHeight: Double
        var row: Int
        /// Clamped height in rows: what is drawn.
        var height: Double
        var moved: Bool
        /// The press caught a running settle.
        var interrupted: Bool
        var tracker: VelocityTracker
    }

    /// The logical detent: the last one settled on, or the target while
    /// settling. Always active in `layout`.
    public internal(set) var detent: Detent
    /// The detent last chosen by the user (drag, key, click); a resize shows
    /// `layout.resolve(preferredDetent)`, so medium comes back when the
    /// terminal grows again. Persist this one (docs/sheet.md rule 14).
    public internal(set) var preferredDetent: Detent
    /// Detent heights for the current travel.
    public internal(set) var layout: DetentLayout
    var phase: Phase = .resting
    /// Seconds: the time of the latest call.
    var clock: Double
    /// Direction of the grabber-click cycle: up after small, down after large.
    var cyclesUp: Bool

    /// Drag multiplier: 1 normal, 0.5 less sensitive, 2 more; clamped to
    /// [0.25, 4], non-finite becomes 1.
    public var sensitivity: Double {
        didSet { sensitivitySet(from: oldValue) }
    }

    /// When true every move is instant; switching it on ends a running settle.
    public var reducedMotion: Bool {
        didSet { if reducedMotion, isSettling { phase = .resting } }
    }

    /// - Parameters:
    ///   - detent: the starting detent; shown as `layout.resolve(detent)`.
    ///   - travel: rows between the top of the screen and the tab bar (see `DetentLayout`).
    ///   - sensitivity: drag multiplier, see `sensitivity`.
    ///   - reducedMotion: instant moves.
    public init(detent: Detent, travel: Int, sensitivity: Double = 1, reducedMotion: Bool = false) {
        let layout = DetentLayout(travel: travel)
        let shown = layout.resolve(detent)
        self.layout = layout
        self.detent = shown
        self.preferredDetent = detent
        self.sensitivity = Self.clampSensitivity(sensitivity)
        self.reducedMotion = reducedMotion
        self.clock = 0
        self.cyclesUp = shown != .large
    }

    public var isDragging: Bool { if case .dragging = phase { return true } else { return false } }
    public var isSettling: Bool { if case .settling = phase { return true } else { return false } }
    /// True while the UI must keep sending `tick(time:)` (up to 60 per second).
    public var isAnimating: Bool { isSettling }

    /// Height in rows, fractional while dragging or settling; always within
    /// `layout.heightRange`.
    public var heightExact: Double {
        let range = layout.heightRange
        let raw: Double
        switch phase {
        case .resting: raw = Double(layout.height(of: detent))
        case .dragging(let drag): raw = drag.height
        case .settling(let spring): raw = spring.value(at: clock)
        }
        guard raw.isFinite else { return Double(layout.height(of: detent)) }
        return min(max(raw, Double(range.lowerBound)), Double(range.upperBound))
    }

    /// Rows to draw now: `heightExact` rounded, within `layout.heightRange`.
    public var height: Int {
        let range = layout.heightRange
        return min(max(Int(heightExact.rounded()), range.lowerBound), range.upperBound)
    }

    /// Screen row of the grabber (the sheet's top edge) when the travel area starts at row 0.
    public var grabberRow: Int { layout.travel - height }

    /// Moves the clock to `time` when it is finite.
    mutating func advance(_ time: Double) {
        if time.isFinite { clock = time }
    }

    /// Makes `target` the logical detent and remembers the cycle direction.
    mutating func commit(_ target: Detent) {
        detent = target
        preferredDetent = target
        if target == .small { cyclesUp = true }
        if target == .large { cyclesUp = false }
    }

    /// Starts settling from `height` rows at `velocity` rows/s to `detent`;
    /// instant under reduced motion or when already at rest there.
    mutating func settle(from height: Double, velocity: Double) {
        let target = Double(layout.height(of: detent))
        let spring = Spring(from: height, to: target, velocity: velocity, time: clock)
        phase = reducedMotion || spring.isSettled(at: clock) ? .resting : .settling(spring)
    }

    static func clampSensitivity(_ value: Double) -> Double {
        value.isFinite ? min(max(value, 0.25), 4) : 1
    }

    private mutating func sensitivitySet(from old: Double) {
        let clamped = Self.clampSensitivity(sensitivity)
        if clamped != sensitivity { sensitivity = clamped }
        guard case .dragging(var drag) = phase else { return }
        drag.anchorHeight += (Double(drag.anchorRow) - Double(drag.row)) * Self.clampSensitivity(old)
        drag.anchorRow = drag.row
        phase = .dragging(drag)
    }
}
