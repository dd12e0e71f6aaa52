import Frame
import PinModel

/// What the conflict pop-up shows of a merge (`PinMerge`): each field both sides changed to
/// different values, with both values as text, so that "keep mine" is an informed choice
/// (a description written elsewhere is seen before it is written over); and the fields merged
/// without conflict, named on one line by whose change each took, since keep mine writes them
/// too and take theirs drops mine among them.
public struct ConflictVersions: Sendable, Equatable {
    public typealias Field = PinMerge.Field

    /// One field both changed: its value in their version and in mine, as shown (an empty
    /// text is "(empty)"; coordinates to 6 decimals).
    public struct Row: Sendable, Equatable {
        public let field: Field
        public let theirs: String
        public let mine: String
    }

    /// The fields both changed differently, in `Field` order.
    public let rows: [Row]
    /// The fields merged without conflict, in `Field` order.
    public let merged: [PinMerge.Merged]

    /// `edit`, refused, beside `theirs` (the pin as the store has it now).
    public init(_ edit: PinEdit, theirs: Pin) {
        let mine = edit.pin
        func text(_ s: String) -> String { s.isEmpty ? S.cnEmpty.text : s }
        func position(_ lat: Double, _ lon: Double) -> String { CoordinateText.decimal(lat) + ", " + CoordinateText.decimal(lon) }
        let merge = edit.merge(with: theirs)
        rows = merge.conflicts.map { field in
            switch field {
            case .title: return Row(field: field, theirs: theirs.title, mine: mine.title)
            case .description: return Row(field: field, theirs: text(theirs.description), mine: text(mine.description))
            case .category: return Row(field: field, theirs: text(theirs.category), mine: text(mine.category))
            case .coordinates:
                return Row(field: field, theirs: position(theirs.latitude, theirs.longitude), mine: position(mine.latitude, mine.longitude))
            }
        }
        merged = merge.merged
    }

    /// The line naming the fields merged without conflict, grouped by whose change they took
    /// ("merged without conflict: title, coordinates (theirs); description (yours)"); nil when
    /// none was.
    public var mergedLine: String? {
        guard !merged.isEmpty else { return nil }
        let groups: [(PinMerge.Side, (String) -> String)] = [(.theirs, S.cnByTheirs), (.mine, S.cnByMine), (.both, S.cnByBoth)]
        return S.cnMerged(groups.compactMap { side, words in
            let fields = merged.filter { $0.by == side }.map(\.field)
            return fields.isEmpty ? nil : words(PinMerge.names(fields))
        }.joined(separator: S.cnGroupsJoin.text))
    }
}

extension ConfirmPopup {
    /// A conflict's versions (nil for any other pop-up).
    var conflictVersions: ConflictVersions? {
        guard case let .keepMine(edit, theirs) = action else { return nil }
        return ConflictVersions(edit, theirs: theirs)
    }
}
