import PinModel

/// The three-way merge, field by field, of an edit the store refused because the pin changed
/// elsewhere after the form opened: `base` (the pin as the form opened it), `mine` (the edit)
/// and `theirs` (the pin as the store has it now). A field only one side changed takes that
/// side's value; one both changed to the same value keeps it; one both changed to different
/// values is a conflict, which only the user settles (the pop-up lists only those:
/// `ConflictVersions`). The one place this rule lives; pure.
public struct PinMerge: Sendable, Equatable {
    /// The fields the form edits (and an edit writes). The created date and the properties
    /// change only elsewhere: an edit never writes them, so theirs always stays unasked.
    public enum Field: Sendable, Equatable, CaseIterable {
        case title, description, category, coordinates

        /// The field's name in the interface's language.
        public var label: String {
            switch self {
            case .title: return S.fieldTitle.text
            case .description: return S.fieldDescription.text
            case .category: return S.fieldCategory.text
            case .coordinates: return S.cnCoordinates.text
            }
        }
    }

    /// Whose change a field merged without conflict took.
    public enum Side: Sendable, Equatable { case mine, theirs, both }

    /// A field merged without conflict, and whose change it took (`both`: both changed it to
    /// the same value).
    public struct Merged: Sendable, Equatable {
        public let field: Field
        public let by: Side
        public init(_ field: Field, by: Side) { self.field = field; self.by = by }
    }

    /// The fields both sides changed to different values, in `Field` order.
    public let conflicts: [Field]
    /// The fields one side changed, or both to the same value, in `Field` order; a field
    /// neither changed is in neither list.
    public let merged: [Merged]
    /// Mine in every field I changed, theirs in every other (their created date and
    /// properties too): with no conflict this is the merge; with conflicts, what "keep mine"
    /// writes (mine in those fields, the merge in the others).
    public let keepingMine: NewPin
    /// Theirs in every field both changed differently, the merge in the others (mine where
    /// only I changed): what "take theirs" writes, when `mineOnly` is not empty.
    public let takingTheirs: NewPin

    /// `base` nil (not known): a field counts as changed on both sides when mine and theirs
    /// differ, so each such field is a conflict and nothing is merged unseen.
    public init(base: NewPin?, mine: NewPin, theirs: Pin) {
        var conflicts: [Field] = [], merged: [Merged] = []
        /// Whether I changed `field` (mine is kept in it); notes who changed it.
        func settle<T: Equatable>(_ field: Field, _ base: T?, _ mine: T, _ theirs: T) -> Bool {
            let mineChanged = base.map { mine != $0 } ?? (mine != theirs)
            let theirsChanged = base.map { theirs != $0 } ?? (mine != theirs)
            switch (mineChanged, theirsChanged) {
            case (true, true) where mine != theirs: conflicts.append(field)
            case (true, true): merged.append(Merged(field, by: .both))
            case (true, false): merged.append(Merged(field, by: .mine))
            case (false, true): merged.append(Merged(field, by: .theirs))
            case (false, false): break
            }
            return mineChanged
        }
        /// A text as the form saves it (trimmed): a value stored with spaces around it (by psql,
        /// say) and left alone in the form is not taken for an edit.
        func text(_ field: Field, _ value: KeyPath<NewPin, String>, _ theirs: String) -> Bool {
            settle(field, base.map { trimmedText($0[keyPath: value]) }, trimmedText(mine[keyPath: value]), trimmedText(theirs))
        }
        var pin = mine
        if !text(.title, \.title, theirs.title) { Self.take(.title, of: theirs, into: &pin) }
        if !text(.description, \.description, theirs.description) { Self.take(.description, of: theirs, into: &pin) }
        if !text(.category, \.category, theirs.category) { Self.take(.category, of: theirs, into: &pin) }
        if !settle(.coordinates, base.map { [$0.latitude, $0.longitude] }, [mine.latitude, mine.longitude],
                   [theirs.latitude, theirs.longitude]) {
            Self.take(.coordinates, of: theirs, into: &pin)
        }
        // Not in the form: theirs (the next merge's base is their pin).
        pin.createdAt = theirs.createdAt
        pin.properties = theirs.properties
        self.conflicts = conflicts
        self.merged = merged
        keepingMine = pin
        var taking = pin
        for field in conflicts { Self.take(field, of: theirs, into: &taking) }
        takingTheirs = taking
    }

    /// Puts `theirs`'s value of `field` into `pin`.
    private static func take(_ field: Field, of theirs: Pin, into pin: inout NewPin) {
        switch field {
        case .title: pin.title = theirs.title
        case .description: pin.description = theirs.description
        case .category: pin.category = theirs.category
        case .coordinates:
            pin.latitude = theirs.latitude
            pin.longitude = theirs.longitude
        }
    }

    /// The fields only I changed: "take theirs" still writes them (the pop-up listed them as
    /// merged); none, and it writes nothing.
    public var mineOnly: [Field] { merged.filter { $0.by == .mine }.map(\.field) }

    /// The fields changed only elsewhere, whose change the merge keeps (a notice names them).
    public var keptTheirs: [Field] { merged.filter { $0.by == .theirs }.map(\.field) }

    /// `fields` by name, in the interface's language ("title, category"; "제목·분류").
    public static func names(_ fields: [Field]) -> String { fields.map(\.label).joined(separator: S.cnFieldsJoin.text) }
}
