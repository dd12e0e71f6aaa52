import Foundation
import Frame
import PinModel

/// The list's columns for the rows on screen, in cells: the marker, the title, the place
/// ("near Paris, FR"), the category and the last column (the creation date, or the distance
/// from the map's centre when the list is sorted by it). The title comes first: it is as
/// wide as the widest title shown (at least `minTitle`, at most `maxTitle`) before the place gets a cell; the
/// place takes what is left, up to `maxPlace`, and gives way entirely below `minPlace`; the
/// title then takes the rest, unless the rest is wide enough for the description (`note`,
/// at least `minNote`: a wide terminal), which then takes it after the place: a 200-column
/// list kept its category and date 100 blank cells away from short titles.
public struct ListColumns: Equatable {
    /// Cells of each column: title, place, note (the description; 0: none), category and the
    /// last (date or distance).
    public internal(set) var title: Int
    public internal(set) var place: Int
    public internal(set) var note: Int
    public internal(set) var category: Int
    public internal(set) var last: Int

    static let minTitle = 24
    static let maxTitle = 60
    static let minPlace = 10
    static let maxPlace = 24
    static let minNote = 24
    /// `2025-06-07` and `12,345 km` fit.
    static let lastWidth = 10

    /// - Parameters:
    ///   - width: the row's cells.
    ///   - titleWidth: the widest title among the rows shown.
    ///   - placeWidth: the widest place text among them (0: none shown).
    ///   - hasCategory: whether a row shown has a category: without one the column takes no
    ///     cells (a store of imported airports kept 12 blank cells and cut "near Winnipeg, CA").
    public init(width: Int, titleWidth: Int, placeWidth: Int, hasCategory: Bool = true) {
        last = Self.lastWidth
        category = hasCategory ? min(12, max(0, width / 6)) : 0
        // Marker (3 cells) and one space before the category and before the last column.
        let room = max(4, width - last - category - 5 - 1)
        // One very long title (a pasted paragraph) must not take the place and description
        // of every row: past `maxTitle` cells titles are cut.
        let wantTitle = min(room, max(Self.minTitle, min(titleWidth, Self.maxTitle)))
        let placeRoom = room - wantTitle - 1
        place = placeRoom >= Self.minPlace && placeWidth > 0 ? min(placeRoom, Self.maxPlace) : 0
        let titleRoom = room - (place > 0 ? place + 1 : 0)
        let spare = titleRoom - wantTitle - 1
        note = spare >= Self.minNote ? spare : 0
        title = note > 0 ? wantTitle : max(4, titleRoom)
    }
}

/// A distance as the list shows it: `850 m`, `1.2 km`, `36 km`, `8,950 km`.
public enum DistanceText {
    /// `metres` as the list's distance column shows it.
    public static func text(metres: Double) -> String {
        if metres < 1_000 { return "\(Int(metres.rounded())) m" }
        let km = metres / 1_000
        if km < 10 { return String(format: "%.1f km", km) }
        // Thousands grouped with commas whatever the locale (the UI's own format).
        var digits = String(Int(km.rounded()))
        var grouped = ""
        while digits.count > 3 {
            grouped = "," + digits.suffix(3) + grouped
            digits.removeLast(3)
        }
        return digits + grouped + " km"
    }
}
