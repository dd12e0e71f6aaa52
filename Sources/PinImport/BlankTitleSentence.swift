import PinModel

extension PinTitle.Blank {
    /// The importer's sentence for a blank title, as `pinmap import` prints it (the command
    /// line's words, kept: `name is blank`).
    var sentence: String {
        switch self {
        case .empty: return "name is blank"
        case .startsWithNUL: return "name starts with a NUL character, which the store reads as blank"
        }
    }
}
