import PinModel

/// The importer's notes (`ImportNote`, typed values) in the UI's language. The English table
/// words them as `pinmap import` does (`ImportNote.description`); a test holds the two alike.
public enum ImportNoteText {
    /// `note` worded in the UI's language ("skipped 2 tracks").
    public static func text(_ note: ImportNote) -> String {
        switch note {
        case .noDataRows: return S.noteNoDataRows.text
        case .nothingImported: return S.noteNothingImported.text
        case .dryRun: return S.noteDryRun.text
        case let .skipped(count, thing): return S.noteSkipped(count, phrase(thing, count: count))
        case let .skippedTable(table, geometry, features): return S.noteSkippedTable(table, geometry, features.map(String.init) ?? "?")
        case let .crsNotUsed(crs, .wgs84Format(format)): return S.noteCRSFormat(crs, format)
        case let .crsNotUsed(crs, .geoJSONPositions): return S.noteCRSGeoJSON(crs)
        case let .crsNotUsed(crs, .fileNamesItsOwn): return S.noteCRSOwn(crs)
        case let .externalEntities(references, count):
            let listed = references.joined(separator: ", ")
            let names = count > references.count ? S.noteAndMore(listed, count - references.count) : listed
            return S.noteExternalEntities(names, count)
        case .noAttributeTable: return S.noteNoAttributeTable.text
        case let .shapefilesRead(names): return S.noteShapefilesRead(names)
        case let .undecodableAttributes(count, encoding): return S.noteUndecodable(count, encoding)
        case let .skippedBeforeHeader(headerLine, lines):
            return S.noteTitleLines(headerLine, lines.map { "\"\($0)\"" }.joined(separator: ", "), lines.count)
        case let .networkLinks(links, count):
            let listed = links.joined(separator: ", ")
            return S.noteNetworkLinks(count > links.count ? S.noteAndMore(listed, count - links.count) : listed, count)
        }
    }

    /// The skipped thing's noun phrase for `count` of them, in the UI's language.
    static func phrase(_ thing: SkippedThing, count: Int) -> String {
        switch thing {
        case .route: return S.skRoute(count)
        case .track: return S.skTrack(count)
        case .featureWithNullGeometry: return S.skNullGeometry(count)
        case .featureWithEmptyGeometry: return S.skEmptyGeometry(count)
        case .featureWithGeometry(let type): return S.skFeatureGeometry(count, type)
        case .placemarkWithGeometry(let type): return S.skPlacemarkGeometry(count, type)
        case .placemarkWithOnlyAddress: return S.skPlacemarkAddress(count)
        case .placemarkWithoutGeometry: return S.skPlacemarkNoGeometry(count)
        case .multiGeometryPart(let type): return S.skMultiPart(count, type)
        case .collectionPart(let type): return S.skCollectionPart(count, type)
        case .nullShape: return S.skNullShape(count)
        case .shape(let type): return S.skShape(count, type)
        }
    }
}
