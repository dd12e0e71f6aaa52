/// Which detents exist, and their heights in rows, for one travel.
///
/// The travel `H` is the number of rows between the top of the screen and the
/// tab bar / status line; heights are measured from the bottom of that area, so
/// a sheet of height `h` occupies rows `H - h ..< H` and never covers the tab
/// bar (docs/sheet.md rule 2). This is FloatingPanel's `Layout`: positions for a size.
///
/// Heights (Pinit's fractions, rounded to the nearest row, docs/sheet.md rule 1):
/// - small  = H/14, but at least `minimumSmall` rows (grabber + header + one pin row = 3);
/// - medium = 0.4·H, clamped to [small, large];
/// - large  = 0.8·H, at least small;
/// and every height is at most `travel`.
///
/// A detent collapses onto a neighbour when they are fewer than `minimumGap`
/// rows apart (default 2, *ours*: a detent one row from another is not a
/// distinct place to rest). Medium goes first, as Apple marks `.medium`
/// inactive in compact height; large goes only when it collapses onto small.
/// Small is always active.
public struct DetentLayout: Sendable, Equatable {
    /// Rows between the top of the screen and the tab bar/status line (never negative).
    public let travel: Int
    /// The least height of the small detent in rows (at least 1).
    public let minimumSmall: Int
    /// Detents closer than this many rows collapse (at least 1).
    public let minimumGap: Int
    /// Heights in rows, including inactive ones (see `height(of:)`).
    public let smallHeight: Int
    public let mediumHeight: Int
    public let largeHeight: Int

    /// - Parameters:
    ///   - travel: rows available to the sheet (`H`); negative is treated as 0.
    ///   - minimumSmall: least small height in rows; values below 1 are treated as 1.
    ///   - minimumGap: rows two detents must be apart to both be active; below 1 is 1.
    public init(travel: Int, minimumSmall: Int = 3, minimumGap: Int = 2) {
        let h = max(0, travel)
        let minimum = max(1, minimumSmall)
        self.travel = h
        self.minimumSmall = minimum
        self.minimumGap = max(1, minimumGap)
        let small = min(h, max(minimum, Self.rows(Double(h) / 14)))
        let large = min(h, max(small, Self.rows(0.8 * Double(h))))
        smallHeight = small
        largeHeight = large
        mediumHeight = min(large, max(small, Self.rows(0.4 * Double(h))))
    }

    /// The sheet's height in rows at `detent`, grabber row included, in
    /// `0...travel`. An inactive detent still reports the height it would
    /// have; use `resolve(_:)` first to get where the sheet really rests.
    public func height(of detent: Detent) -> Int {
        switch detent {
        case .small: return smallHeight
        case .medium: return mediumHeight
        case .large: return largeHeight
        }
    }

    /// Whether `detent` is a place the sheet can rest at this travel.
    public func isActive(_ detent: Detent) -> Bool {
        switch detent {
        case .small:
            return true
        case .medium:
            return mediumHeight - smallHeight >= minimumGap && largeHeight - mediumHeight >= minimumGap
        case .large:
            return largeHeight - smallHeight >= minimumGap
        }
    }

    /// The active detents, smallest first; never empty (small is always active).
    public var activeDetents: [Detent] { Detent.allCases.filter(isActive) }

    /// The lowest and highest heights the sheet may take, in rows: the drag clamp.
    public var heightRange: ClosedRange<Int> {
        smallHeight...height(of: activeDetents.last ?? .small)
    }

    /// The active detent nearest in rows to `detent`: `detent` itself when
    /// active; on a tie the smaller one (the map stays more visible).
    public func resolve(_ detent: Detent) -> Detent {
        if isActive(detent) { return detent }
        let wanted = height(of: detent)
        var best = Detent.small
        for candidate in activeDetents where abs(height(of: candidate) - wanted) < abs(height(of: best) - wanted) {
            best = candidate
        }
        return best
    }

    /// The active detent just above `detent` (by height), or nil at the top.
    public func detent(above detent: Detent) -> Detent? {
        activeDetents.first { $0 > detent }
    }

    /// The active detent just below `detent` (by height), or nil at the bottom.
    public func detent(below detent: Detent) -> Detent? {
        activeDetents.last { $0 < detent }
    }

    /// Nearest whole row, halves away from zero (`x` is finite and ≥ 0 here).
    private static func rows(_ x: Double) -> Int { Int(x.rounded()) }
}
