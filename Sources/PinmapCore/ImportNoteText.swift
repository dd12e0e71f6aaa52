import Foundation

/// The importer's notes (`skipped 2 routes`, `the file has no data rows`: PinImport's English,
/// which the CLI prints) in the UI's language. The notes' wording is PinImport's
/// (`SkipCounter`, `Importer`); a note this table does not know is shown as it is.
enum ImportNoteText {
    static func text(_ note: String) -> String {
        // The notes are already English, with their plurals right.
        guard Strings.language != .english else { return note }
        switch note {
        case "the file has no data rows": return S.noteNoDataRows.text
        case "nothing was imported; the store is unchanged": return S.noteNothingImported.text
        case "dry run: nothing was written to the store": return S.noteDryRun.text
        default: break
        }
        if let table = skippedTable(note) { return S.noteSkippedTable(table.name, table.type, table.features) }
        // "skipped <count> <what>"
        let words = note.split(separator: " ", maxSplits: 2).map(String.init)
        guard words.count == 3, words[0] == "skipped", let count = Int(words[1]), let what = thing(words[2]) else { return note }
        return S.noteSkipped(count, what)
    }

    /// The skipped thing's noun phrase, singular or plural, in the UI's language.
    private static func thing(_ phrase: String) -> String? {
        switch phrase {
        case "route", "routes": return S.skRoute.text
        case "track", "tracks": return S.skTrack.text
        case "feature with null geometry", "features with null geometry": return S.skNullGeometry.text
        case "placemark with only an address (no geometry)", "placemarks with only an address (no geometry)":
            return S.skPlacemarkAddress.text
        case "placemark without geometry", "placemarks without geometry": return S.skPlacemarkNoGeometry.text
        case "null shape", "null shapes": return S.skNullShape.text
        case "feature with empty geometry", "features with empty geometry": return S.skEmptyGeometry.text
        default: break
        }
        // Phrases naming a geometry type: "placemark(s) with Polygon geometry", …
        let patterns: [(String, String, S)] = [
            ("placemark with ", " geometry", .skPlacemarkGeometry), ("placemarks with ", " geometry", .skPlacemarkGeometry),
            ("", " part of a MultiGeometry placemark", .skMultiPart), ("", " parts of MultiGeometry placemarks", .skMultiPart),
            ("", " geometry inside a GeometryCollection", .skCollectionPart), ("", " geometries inside GeometryCollections", .skCollectionPart),
            ("feature with ", " geometry", .skFeatureGeometry), ("features with ", " geometry", .skFeatureGeometry),
            ("", " shape", .skShape), ("", " shapes", .skShape),
        ]
        for (head, tail, key) in patterns where phrase.hasPrefix(head) && phrase.hasSuffix(tail) && phrase.count > head.count + tail.count {
            let kind = phrase.dropFirst(head.count).dropLast(tail.count)
            if !kind.contains(" ") { return key(String(kind)) }
        }
        return nil
    }

    /// The parts of a GeoPackage's `skipped table NAME: TYPE geometry (N features); Pinmap
    /// reads points` note.
    private static func skippedTable(_ note: String) -> (name: String, type: String, features: String)? {
        let head = "skipped table ", tail = " features); Pinmap reads points", tailOne = " feature); Pinmap reads points"
        guard note.hasPrefix(head), note.hasSuffix(tail) || note.hasSuffix(tailOne) else { return nil }
        let middle = note.dropFirst(head.count).dropLast(note.hasSuffix(tail) ? tail.count : tailOne.count)
        guard let colon = middle.range(of: ": ", options: .backwards),
              let open = middle[colon.upperBound...].range(of: " geometry (") else { return nil }
        return (String(middle[..<colon.lowerBound]), String(middle[colon.upperBound..<open.lowerBound]),
                String(middle[open.upperBound...]))
    }
}
