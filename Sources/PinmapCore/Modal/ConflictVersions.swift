import Frame
import PinModel

/// The two versions of a pin in a conflict, field by field: the fields a user sees in which
/// they differ (title, description, category, coordinates, created date, properties), each
/// with both values as text. What the conflict pop-up lists, so that "keep mine" is an
/// informed choice (a description written elsewhere is seen before it is written over).
public struct ConflictVersions: Sendable, Equatable {
    public enum Field: Sendable, Equatable, CaseIterable {
        case title, description, category, coordinates, created, properties

        /// The field's name in the interface's language.
        public var label: String {
            switch self {
            case .title: return S.fieldTitle.text
            case .description: return S.fieldDescription.text
            case .category: return S.fieldCategory.text
            case .coordinates: return S.cnCoordinates.text
            case .created: return S.fieldCreated.text
            case .properties: return S.cnProperties.text
            }
        }

        /// Whether "keep mine" writes this field: the form edits title, description, category
        /// and coordinates only, so the created date and the properties stay as theirs
        /// whichever version is kept (the pop-up marks them with `*` and says so).
        public var isWritten: Bool { self != .created && self != .properties }
    }

    /// One field that differs: its value in their version and in mine, as shown (an empty
    /// text is "(empty)"; coordinates to 6 decimals; the created date in its own offset).
    public struct Row: Sendable, Equatable {
        public let field: Field
        public let theirs: String
        public let mine: String
    }

    /// The fields that differ, in `Field` order; empty when nothing a user sees differs (only
    /// the version moved on: a write elsewhere of the same values).
    public let rows: [Row]

    /// `mine` is the edit (its `createdAt` and `properties` as the form opened them; a nil
    /// `createdAt` is not compared), `theirs` the pin as the store has it now.
    public init(mine: NewPin, theirs: Pin) {
        func text(_ s: String) -> String { s.isEmpty ? S.cnEmpty.text : s }
        func position(_ lat: Double, _ lon: Double) -> String { CoordinateText.decimal(lat) + ", " + CoordinateText.decimal(lon) }
        func date(_ iso: String) -> String { DateText.text(iso, in: DateText.offset(of: iso)) }
        var rows: [Row] = []
        func add(_ field: Field, _ theirs: String, _ mine: String) {
            if theirs != mine { rows.append(Row(field: field, theirs: theirs, mine: mine)) }
        }
        add(.title, theirs.title, mine.title)
        add(.description, text(theirs.description), text(mine.description))
        add(.category, text(theirs.category), text(mine.category))
        if mine.latitude != theirs.latitude || mine.longitude != theirs.longitude {
            rows.append(Row(field: .coordinates, theirs: position(theirs.latitude, theirs.longitude),
                            mine: position(mine.latitude, mine.longitude)))
        }
        if let created = mine.createdAt { add(.created, date(theirs.createdAt), date(created)) }
        // No properties (`{}`) reads as the other empty fields do.
        add(.properties, theirs.properties == "{}" ? text("") : theirs.properties, mine.properties == "{}" ? text("") : mine.properties)
        self.rows = rows
    }

    /// Whether a row shown is a field "keep mine" does not write (the footnote is due).
    public var hasUnwritten: Bool { rows.contains { !$0.field.isWritten } }
}
