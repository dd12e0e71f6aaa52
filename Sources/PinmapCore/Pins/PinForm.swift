import Frame
import GeoMap
import PinModel

/// The add / edit form: five one-line fields (title, description, category,
/// latitude, longitude), the focused one, and why the last save was refused.
/// Pure value; `handle(key:)` edits and says when to save or cancel.
public struct PinForm: Sendable, Equatable {
    public enum Mode: Sendable, Equatable {
        case add
        case edit(id: Int64)
    }

    public enum Field: Int, CaseIterable, Sendable {
        case title, description, category, latitude, longitude

        public var label: String {
            switch self {
            case .title: return S.fmTitle.text
            case .description: return S.fmDescription.text
            case .category: return S.fmCategory.text
            case .latitude: return S.fmLatitude.text
            case .longitude: return S.fmLongitude.text
            }
        }
    }

    /// What a key did to the form.
    public enum Outcome: Sendable, Equatable {
        case editing
        case cancel
        /// The fields are valid: store this pin.
        case save(NewPin)
    }

    public var mode: Mode
    /// The pin's version when the form opened (editing): a save is refused once someone
    /// else changed the pin since (`PinWriteOutcome.updateConflict`). nil: adding.
    public var version: Int64?
    /// The pin's fields when the form opened (editing), at `version`: a save refused because
    /// the pin changed since is merged against them field by field (`PinMerge`), so a field
    /// left alone here takes theirs. A form that comes back keeps it. nil: adding.
    public var base: NewPin?
    /// The pin's properties when the form opened (editing; a JSON object's text): the form
    /// does not show them, but a pin saved from it as a new one keeps them.
    public var properties = "{}"
    /// The pin's creation time when the form opened (editing): the form does not edit it; the
    /// pin it saves carries it.
    public var createdAt: String?
    /// The form came back from the conflict pop-up (Esc): the pin changed elsewhere since it
    /// opened, and a save is compared with the newest version again (the heading says so).
    public var changedElsewhere = false
    /// An earlier save of this form (adding) whose answer never came: the server may have
    /// added that pin, so the next save writes into it if it did (`UnsureAdd`).
    public var unsureAdd: UnsureAdd?
    /// One field per `Field` case, indexed by its raw value.
    public var fields: [TextField]
    public var focused: Field = .title
    /// Why the last save was refused (drawn in the form), nil when none.
    public var error: String?
    /// The detail page the form was opened from (`e` there): closing the form, by a save or
    /// Esc, steps back to it rather than to the map.
    public var returnsTo: PinDetail?
    /// The fields' texts when the form opened: Esc closes a form that still holds them at
    /// once, and asks first (`discard`) before it throws away what was typed.
    private var opened: [String] = []
    private var discard = DiscardQuestion()

    /// Closing the form now (Esc, a drag of its grabber down) would throw away what was
    /// typed without having asked.
    public var asksBeforeDiscarding: Bool { !discard.asked && fields.map(\.text) != opened }

    /// A blank form for a pin at `point` (latitude/longitude in decimal
    /// degrees, shown to 6 decimals ≈ 0.1 m).
    public init(adding point: GeoPoint) {
        mode = .add
        fields = [TextField(), TextField(), TextField(),
                  TextField(CoordinateText.decimal(point.latitude)),
                  TextField(CoordinateText.decimal(point.longitude))]
        opened = fields.map(\.text)
    }

    /// The form prefilled with `pin`'s fields, saving back to its id.
    public init(editing pin: Pin) {
        mode = .edit(id: pin.id)
        version = pin.version
        base = NewPin(fieldsOf: pin)
        createdAt = pin.createdAt
        properties = pin.properties
        fields = [TextField(pin.title), TextField(pin.description), TextField(pin.category),
                  TextField(CoordinateText.editable(pin.latitude)),
                  TextField(CoordinateText.editable(pin.longitude))]
        opened = fields.map(\.text)
    }

    public subscript(field: Field) -> TextField {
        get { fields[field.rawValue] }
        set { fields[field.rawValue] = newValue }
    }

    public var heading: String {
        if case .edit = mode { return changedElsewhere ? S.fmEditChanged.text : S.fmEdit.text }
        return S.fmAdd.text
    }

    /// Tab/↓ and Shift-Tab/↑ move between fields; Enter moves on, and saves
    /// on the last field; Ctrl-S saves from anywhere; Esc cancels (a form whose fields were
    /// changed asks first: a second Esc discards them); every other key edits the focused
    /// field (all printable keys are text).
    public mutating func handle(key: Key) -> Outcome {
        if key == .escape {
            if discard.escape(holdingTyped: fields.map(\.text) != opened) { return .cancel }
            error = S.fmDiscardAsk.text
            return .editing
        }
        if discard.otherKey() { error = nil }
        switch key {
        case .tab, .down: move(1)
        case .backTab, .up: move(-1)
        case .ctrl("s"): return trySave()
        case .enter:
            if focused == Field.allCases.last { return trySave() }
            move(1)
        default:
            if self[focused].handle(key) { error = nil }
        }
        return .editing
    }

    mutating func move(_ step: Int) {
        let n = Field.allCases.count
        focused = Field(rawValue: (focused.rawValue + step + n) % n) ?? .title
    }

    private mutating func trySave() -> Outcome {
        switch validated() {
        case .success(let pin):
            error = nil
            return .save(pin)
        case .failure(let refusal):
            error = refusal.message
            focused = refusal.field
            return .editing
        }
    }

    /// Why a form cannot be saved, and the field to put the cursor in.
    public struct Refusal: Error, Sendable, Equatable {
        public var field: Field
        public var message: String
    }

    /// The pin these fields describe, or why not: a blank title, or a
    /// coordinate the importer would reject (`CoordinateParser`: empty,
    /// NaN/inf, hexadecimal, not a number, outside −90…90 / −180…180).
    /// Title, description and category are trimmed of surrounding spaces.
    public func validated() -> Result<NewPin, Refusal> {
        guard case .success(let title) = PinTitle.validated(self[.title].text) else {
            return .failure(Refusal(field: .title, message: S.fmNeedsTitle.text))
        }
        let latText = self[.latitude].text, lonText = self[.longitude].text
        let lat: Double, lon: Double
        switch CoordinateParser.parse(latText, axis: .latitude, field: .latitude(key: "latitude")) {
        case .success(let v): lat = v
        case .failure(let issue): return .failure(Refusal(field: .latitude, message: ImportResultText.reason(issue)))
        }
        switch CoordinateParser.parse(lonText, axis: .longitude, field: .longitude(key: "longitude")) {
        case .success(let v): lon = v
        case .failure(let issue): return .failure(Refusal(field: .longitude, message: ImportResultText.reason(issue)))
        }
        let issues = CoordinateParser.rangeIssues(latitude: lat, longitude: lon, latText: latText, lonText: lonText,
                                                  latField: .latitude(key: "latitude"), lonField: .longitude(key: "longitude"))
        if let first = issues.first {
            let isLatitude = if case .latitude = first.field { true } else { false }
            return .failure(Refusal(field: isLatitude ? .latitude : .longitude, message: ImportResultText.reason(first)))
        }
        return .success(NewPin(title: title, description: trimmedText(self[.description].text),
                               category: trimmedText(self[.category].text), latitude: lat, longitude: lon,
                               createdAt: createdAt, properties: properties))
    }

    /// Rows the form's card wants: grabber, heading, blank, one row per
    /// field, blank, error, help, margin.
    public static var preferredHeight: Int { 3 + Field.allCases.count + 4 }

    /// Rows the form wants with `error` shown whole in a card `width` cells wide: one row
    /// more per line the refusal wraps onto.
    static func preferredHeight(error: String?, width: Int, ascii: Bool) -> Int {
        preferredHeight + max(0, (error.map { FormView.errorLines($0, width: width, ascii: ascii).count } ?? 1) - 1)
    }
    /// Row of the first field inside the card body (below the grabber row).
    static let firstFieldRow = 2
}
