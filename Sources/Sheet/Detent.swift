/// A logical resting state of the pin sheet, smallest first.
///
/// Detents are states, not heights: a `DetentLayout` resolves them to rows for
/// the current terminal size on every resize (docs/sheet.md rule 1). The names are
/// Apple's (`UISheetPresentationController.Detent`); Android's
/// `BottomSheetBehavior` calls them collapsed, half-expanded and expanded.
public enum Detent: String, CaseIterable, Comparable, Sendable {
    /// The peek height: grabber, header and at least one pin row (≈ 1/14 of the travel).
    case small
    /// About 0.4 of the travel; inactive on short terminals.
    case medium
    /// About 0.8 of the travel; the map behind is dimmed.
    case large

    /// Order of the detent from the bottom: small 0, medium 1, large 2.
    public var rank: Int {
        switch self {
        case .small: return 0
        case .medium: return 1
        case .large: return 2
        }
    }

    public static func < (lhs: Detent, rhs: Detent) -> Bool { lhs.rank < rhs.rank }
}
