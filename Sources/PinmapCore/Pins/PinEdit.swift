import PinModel

/// An edit of pin `id` on its way to the store (`Effect.updatePin`) and back with its outcome
/// (`PinWriteOutcome`): the runtime writes `pin` while the pin is at `ifVersion` and returns
/// the edit as it was, so the core settles a refusal (`PinMerge`) with nothing kept pending.
public struct PinEdit: Sendable, Equatable {
    public var id: Int64
    /// The fields to write (the store writes title, description, category and coordinates).
    public var pin: NewPin
    /// The version the edit was made against: the store refuses it once the pin has moved
    /// past it (`StoreError.changedElsewhere`). nil: no check.
    public var ifVersion: Int64?
    /// The pin's fields at `ifVersion`: the base a refusal is merged against. nil: not known.
    public var base: NewPin?
    /// Changes made elsewhere that this edit keeps, merged in from theirs (the notice names them).
    public var keptTheirs: [PinMerge.Field]

    public init(id: Int64, pin: NewPin, ifVersion: Int64?, base: NewPin?, keptTheirs: [PinMerge.Field] = []) {
        self.id = id; self.pin = pin; self.ifVersion = ifVersion; self.base = base; self.keptTheirs = keptTheirs
    }

    /// The merge of this edit with `theirs`, the pin as the store has it now.
    public func merge(with theirs: Pin) -> PinMerge { PinMerge(base: base, mine: pin, theirs: theirs) }

    /// This edit settled over `theirs` (keep mine; with no conflict, the merge itself): mine in
    /// the fields I changed, theirs in the others, written at their version and against their
    /// fields, so a write elsewhere meanwhile is refused again and merged against what this
    /// one merged. The changes of theirs it keeps add to those named already.
    public func keepingMine(over theirs: Pin) -> PinEdit {
        let merge = merge(with: theirs)
        let kept = PinMerge.Field.allCases.filter { keptTheirs.contains($0) || merge.keptTheirs.contains($0) }
        return PinEdit(id: id, pin: merge.keepingMine, ifVersion: theirs.version, base: NewPin(fieldsOf: theirs), keptTheirs: kept)
    }

    /// This edit settled over `theirs` by "take theirs": theirs in the fields both changed
    /// differently, the merge in the others (mine where only I changed), written at their
    /// version as `keepingMine(over:)` is (refused again if it moved). nil when I changed no
    /// field they did not: theirs is the whole result and nothing need be written. The fields
    /// it keeps of theirs (the conflicts too) add to those named already.
    public func takingTheirs(over theirs: Pin) -> PinEdit? {
        let merge = merge(with: theirs)
        guard !merge.mineOnly.isEmpty else { return nil }
        let kept = PinMerge.Field.allCases.filter {
            keptTheirs.contains($0) || merge.keptTheirs.contains($0) || merge.conflicts.contains($0)
        }
        return PinEdit(id: id, pin: merge.takingTheirs, ifVersion: theirs.version, base: NewPin(fieldsOf: theirs), keptTheirs: kept)
    }
}

extension NewPin {
    /// `pin`'s fields as an edit writes them (its created date and properties kept).
    init(fieldsOf pin: Pin) {
        self.init(title: pin.title, description: pin.description, category: pin.category, latitude: pin.latitude,
                  longitude: pin.longitude, createdAt: pin.createdAt, properties: pin.properties)
    }
}
