import PinModel

/// The strings that take arguments, each with its arguments' names and types in order (`{0}`,
/// `{1}`, … of both tables): `S.irHead(name, imported, rejected, duplicates)`. A string without
/// arguments is `S.key.text`. A new key with placeholders gets its function here; the English
/// entry is shown above each. Numbers are written as Swift prints them (`"\(n)"`).
extension S {
    /// "Added {0} sample {0:pin|pins} to try Pinmap with · to remove them: 4 (Settings), ↑ to the sample import, Enter"
    public static func msgLoadedSamplesFirstRun(_ count: Int) -> String { msgLoadedSamplesFirstRun.filled(["\(count)"]) }
    /// "{0} '{1}' is not a finite number"
    public static func irNotFinite(_ field: String, _ value: String) -> String { irNotFinite.filled([field, value]) }
    /// "{0} '{1}' is not a decimal number (hexadecimal)"
    public static func irHexadecimal(_ field: String, _ value: String) -> String { irHexadecimal.filled([field, value]) }
    /// "{0} '{1}' is not a valid number (two decimal separators)"
    public static func irTwoSeparators(_ field: String, _ value: String) -> String { irTwoSeparators.filled([field, value]) }
    /// "Drag sensitivity is already × {0} (0.5, 1 or 2)"
    public static func stSensitivityEnd(_ a: String) -> String { stSensitivityEnd.filled([a]) }
    /// "Could not create {0}: {1}"
    public static func stExportNoFile(_ path: String, _ reason: String) -> String { stExportNoFile.filled([path, reason]) }
    /// "Could not write {0}: {1}"
    public static func stExportNotWritten(_ path: String, _ reason: String) -> String { stExportNotWritten.filled([path, reason]) }
    /// "Exported {0} pins to {1}"
    public static func stExported(_ count: Int, _ path: String) -> String { stExported.filled(["\(count)", path]) }
    /// "Export failed: {0}"
    public static func stExportFailed(_ text: String) -> String { stExportFailed.filled([text]) }
    /// "{0}: {1} imported, {2} rejected, {3} duplicates skipped" ("1 duplicate skipped")
    public static func irHead(_ name: String, _ imported: Int, _ rejected: Int, _ duplicates: Int) -> String {
        (duplicates == 1 ? irHeadOneDuplicate : irHead).filled([name, "\(imported)", "\(rejected)", "\(duplicates)"])
    }
    /// "(import #{0}; u undoes it)"
    public static func irBatch(_ batch: Int64) -> String { irBatch.filled(["\(batch)"]) }
    /// "{0} · encoding {1}"
    public static func irFormat(_ format: String, _ b: String) -> String { irFormat.filled([format, b]) }
    /// "delimiter {0}"
    public static func irDelimiter(_ delimiter: String) -> String { irDelimiter.filled([delimiter]) }
    /// "line {0}: {1}", "feature {0}: {1}" or "shape {0}: {1}", as `unit` counts rows.
    public static func irRow(_ unit: RowUnit, _ a: Int, _ b: String) -> String {
        let key: S = switch unit { case .line: .irLine; case .feature: .irFeature; case .shape: .irShape }
        return key.filled(["\(a)", b])
    }
    /// "… {0} more rejected rows"
    public static func irMoreIssues(_ more: Int) -> String { irMoreIssues.filled(["\(more)"]) }
    /// "line {0} repeats line {1}" or "line {0} repeats pin {1} in the store" (features and
    /// shapes as `unit` counts rows).
    public static func irDup(_ d: DuplicateRow) -> String {
        let (row, pin): (S, S) = switch d.unit {
        case .line: (.irDupLine, .irDupPin)
        case .feature: (.irDupFeature, .irDupFeaturePin)
        case .shape: (.irDupShape, .irDupShapePin)
        }
        return d.ofLine.map { row.filled(["\(d.line)", "\($0)"]) } ?? pin.filled(["\(d.line)", "\(d.ofPin ?? 0)"])
    }
    /// "… {0} more duplicates"
    public static func irMoreDuplicates(_ a: Int) -> String { irMoreDuplicates.filled(["\(a)"]) }
    /// "{0} duplicates: pins the store already had" (none of them listed by line: a server's
    /// import learns only how many of its pins it had)
    public static func irDuplicatesInStore(_ a: Int) -> String { irDuplicatesInStore.filled(["\(a)"]) }
    /// "note: {0}"
    public static func irNote(_ a: String) -> String { irNote.filled([a]) }
    /// "{0} '{1}' is not a number"
    public static func irNotANumber(_ field: String, _ value: String) -> String { irNotANumber.filled([field, value]) }
    /// "{0} is empty"
    public static func irEmpty(_ field: String) -> String { irEmpty.filled([field]) }
    /// "{0} {1} outside {2}"
    public static func irOutOfRange(_ field: String, _ value: String, _ c: String) -> String { irOutOfRange.filled([field, value, c]) }
    /// "{0}: cannot read the file: {1}"
    public static func ieUnreadable(_ name: String, _ reason: String) -> String { ieUnreadable.filled([name, reason]) }
    /// "{0}: the file is empty (no header row)"
    public static func ieEmpty(_ name: String) -> String { ieEmpty.filled([name]) }
    /// "{0}: the file has no header row"
    public static func ieNoHeader(_ name: String) -> String { ieNoHeader.filled([name]) }
    /// "{0}: not a GeoJSON FeatureCollection"
    public static func ieNotGeoJSON(_ name: String) -> String { ieNotGeoJSON.filled([name]) }
    /// "{0}: not valid JSON; nothing was imported"
    public static func ieNotJSON(_ name: String) -> String { ieNotJSON.filled([name]) }
    /// "{0}: malformed XML at line {1}, column {2}; nothing was imported"
    public static func ieXML(_ name: String, _ line: Int, _ column: Int, _ reason: String) -> String { ieXML.filled([name, "\(line)", "\(column)", reason]) }
    /// "{0}: the zip archive (KMZ, zipped Shapefile) cannot be read; nothing was imported"
    public static func ieArchive(_ name: String) -> String { ieArchive.filled([name]) }
    /// "{0}: the store failed, nothing was imported: {1}"
    public static func ieStore(_ name: String, _ reason: String) -> String { ieStore.filled([name, reason]) }
    /// "skipped {0} {1}"
    public static func noteSkipped(_ count: Int, _ b: String) -> String { noteSkipped.filled(["\(count)", b]) }
    /// "{0:route|routes}"
    public static func skRoute(_ count: Int) -> String { skRoute.filled(["\(count)"]) }
    /// "{0:track|tracks}"
    public static func skTrack(_ count: Int) -> String { skTrack.filled(["\(count)"]) }
    /// "{0:feature|features} with null geometry"
    public static func skNullGeometry(_ count: Int) -> String { skNullGeometry.filled(["\(count)"]) }
    /// "{0:placemark|placemarks} with {1} geometry"
    public static func skPlacemarkGeometry(_ count: Int, _ type: String) -> String { skPlacemarkGeometry.filled(["\(count)", type]) }
    /// "{0:placemark|placemarks} with only an address (no geometry)"
    public static func skPlacemarkAddress(_ count: Int) -> String { skPlacemarkAddress.filled(["\(count)"]) }
    /// "{0:placemark|placemarks} without geometry"
    public static func skPlacemarkNoGeometry(_ count: Int) -> String { skPlacemarkNoGeometry.filled(["\(count)"]) }
    /// "{1} {0:part of a MultiGeometry placemark|parts of MultiGeometry placemarks}"
    public static func skMultiPart(_ count: Int, _ type: String) -> String { skMultiPart.filled(["\(count)", type]) }
    /// "{1} {0:geometry inside a GeometryCollection|geometries inside GeometryCollections}"
    public static func skCollectionPart(_ count: Int, _ type: String) -> String { skCollectionPart.filled(["\(count)", type]) }
    /// "{0} lines above, {1} below: ↑↓ PgUp PgDn scroll"
    public static func importScroll(_ top: Int, _ below: Int) -> String { importScroll.filled(["\(top)", "\(below)"]) }
    /// "{0}: there is no such file"
    public static func ieNotFound(_ name: String) -> String { ieNotFound.filled([name]) }
    /// "{0}: you may not read this file"
    public static func ieNoPermission(_ name: String) -> String { ieNoPermission.filled([name]) }
    /// "{0} is a folder: pick a file in it"
    public static func ieDirectory(_ name: String) -> String { ieDirectory.filled([name]) }
    /// "{0} is a pipe (FIFO), not a file: save the data to a file first"
    public static func iePipe(_ name: String) -> String { iePipe.filled([name]) }
    /// "{0} is a device, not a file"
    public static func ieDevice(_ name: String) -> String { ieDevice.filled([name]) }
    /// "{0} is a socket, not a file"
    public static func ieSocket(_ name: String) -> String { ieSocket.filled([name]) }
    /// "{0} is not a regular file"
    public static func ieNotRegular(_ name: String) -> String { ieNotRegular.filled([name]) }
    /// "{0}: no latitude/longitude (or name) column found; name them lat, lon and name"
    public static func ieColumns(_ name: String) -> String { ieColumns.filled([name]) }
    /// "{0}: the text cannot be decoded (broken UTF-8 or UTF-16)"
    public static func ieDecoding(_ name: String) -> String { ieDecoding.filled([name]) }
    /// "{0}: the header row cannot be read"
    public static func ieHeader(_ name: String) -> String { ieHeader.filled([name]) }
    /// "{0}: the XML is broken at line {1}, column {2}"
    public static func ieNotXML(_ a: String, _ b: String, _ c: String) -> String { ieNotXML.filled([a, b, c]) }
    /// "{0}: {1}; nothing was imported"
    public static func ieCRS(_ name: String, _ reason: String) -> String { ieCRS.filled([name, reason]) }
    /// "{0}: the GeoPackage cannot be read: {1}; nothing was imported"
    public static func ieGeoPackage(_ name: String, _ reason: String) -> String { ieGeoPackage.filled([name, reason]) }
    /// "{0}: the Shapefile cannot be read: {1}; nothing was imported"
    public static func ieShapefile(_ name: String, _ reason: String) -> String { ieShapefile.filled([name, reason]) }
    /// "unknown coordinate reference system {0}: {1}"
    /// "coordinate systems need PROJ (Debian: libproj25): {0}"
    public static func crsProjMissing(_ reason: String) -> String { crsProjMissing.filled([reason]) }
    public static func crsUnknown(_ definition: String, _ cause: String) -> String { crsUnknown.filled([definition, cause]) }
    /// "PROJ cannot read it: \"{0}\""
    public static func crsUnreadable(_ proj: String) -> String { crsUnreadable.filled([proj]) }
    /// "PROJ finds no operation to WGS84: \"{0}\""
    public static func crsNoOperation(_ proj: String) -> String { crsNoOperation.filled([proj]) }
    /// "PROJ cannot order its axes as easting, northing: \"{0}\""
    public static func crsAxisOrder(_ proj: String) -> String { crsAxisOrder.filled([proj]) }
    /// "table {0} is in an undefined Cartesian system (srs_id -1): …"
    public static func crsUndefinedCartesian(_ table: String) -> String { crsUndefinedCartesian.filled([table]) }
    /// "table {0}, srs_id {1}"
    public static func crsSourceTable(_ table: String, _ srsID: Int64) -> String { crsSourceTable.filled([table, "\(srsID)"]) }
    /// "a SQLite database without the gpkg_contents table (application_id {0})"
    public static func gpkgNoContents(_ applicationID: String) -> String { gpkgNoContents.filled([applicationID]) }
    /// "table {0} has no column {1}"
    public static func gpkgNoGeometryColumn(_ table: String, _ column: String) -> String { gpkgNoGeometryColumn.filled([table, column]) }
    /// "table {0} names srs_id {1}, which gpkg_spatial_ref_sys lacks"
    public static func gpkgNoSpatialReference(_ table: String, _ srsID: Int64) -> String { gpkgNoSpatialReference.filled([table, "\(srsID)"]) }
    /// "SQLite says \"{0}\""
    public static func gpkgSQLite(_ detail: String) -> String { gpkgSQLite.filled([detail]) }
    /// "table {0}: SQLite says \"{1}\""
    public static func gpkgSQLiteTable(_ table: String, _ detail: String) -> String { gpkgSQLiteTable.filled([table, detail]) }
    /// "this is the .{0} part of a Shapefile; import its .shp instead: {1}"
    public static func shpPart(_ ext: String, _ shp: String) -> String { shpPart.filled([ext, shp]) }
    /// "its index {0} is missing (…)"
    public static func shpMissingIndex(_ index: String) -> String { shpMissingIndex.filled([index]) }
    /// "its .shp is cut short: its header says {0} bytes, the file holds {1} (…)"
    public static func shpCutShort(_ declared: Int64, _ actual: Int64) -> String { shpCutShort.filled(["\(declared)", "\(actual)"]) }
    /// "its .dbf code page \"{0}\" is not one iconv knows"
    public static func shpCodePage(_ codePage: String) -> String { shpCodePage.filled([codePage]) }
    /// "the file ends early: <{0}> is never closed ({1} …)"
    public static func xmlEndsEarly(_ root: String, _ open: Int) -> String { xmlEndsEarly.filled([root, "\(open)"]) }
    /// "the file ends early: <{0}> is never closed, inside <{1}> ({2} …)"
    public static func xmlEndsEarlyInside(_ root: String, _ innermost: String, _ open: Int) -> String { xmlEndsEarlyInside.filled([root, innermost, "\(open)"]) }
    /// "an element with more than {0} attributes …"
    public static func xmlFloodAttributes(_ limit: String) -> String { xmlFloodAttributes.filled([limit]) }
    /// "more than {0} entity and element declarations …"
    public static func xmlFloodDeclarations(_ limit: String) -> String { xmlFloodDeclarations.filled([limit]) }
    /// "more than {0} different element and attribute names …"
    public static func xmlFloodNames(_ limit: String) -> String { xmlFloodNames.filled([limit]) }
    /// "more than {0} parameter entity references (%name;) …"
    public static func xmlFloodParameterReferences(_ limit: String) -> String { xmlFloodParameterReferences.filled([limit]) }
    /// "more than {0} references to the document's own entities …"
    public static func xmlFloodEntityReferences(_ limit: String) -> String { xmlFloodEntityReferences.filled([limit]) }
    /// "not XML ({0} expected): …"
    public static func xmlNotXML(_ expected: String) -> String { xmlNotXML.filled([expected]) }
    /// "{0}: it changed while it was read ({1} bytes at the start, {2} now, {3} read); …"
    public static func ieChangedWhileRead(_ name: String, _ sizeAtStart: Int64, _ sizeNow: Int64, _ bytesRead: Int64) -> String {
        ieChangedWhileRead.filled([name, "\(sizeAtStart)", "\(sizeNow)", "\(bytesRead)"])
    }
    /// "{0}: stopped before its commit: nothing was written"
    public static func ieStopped(_ name: String) -> String { ieStopped.filled([name]) }
    /// "{0}: cannot make a staging copy in {1}: {2}"
    public static func ieStagingCopy(_ name: String, _ folder: String, _ detail: String) -> String { ieStagingCopy.filled([name, folder, detail]) }
    /// "cannot write the rejects file {0}: {1}"
    public static func ieRejects(_ name: String, _ detail: String) -> String { ieRejects.filled([name, detail]) }
    /// "(column {0})"
    public static func fieldExtraColumn(_ position: Int) -> String { fieldExtraColumn.filled(["\(position)"]) }
    /// "{0}: no point features ({1}); nothing was imported"
    public static func ieNoPoints(_ name: String, _ b: String) -> String { ieNoPoints.filled([name, b]) }
    /// "coordinates from {0}, transformed to WGS84"
    public static func importCRS(_ crs: String) -> String { importCRS.filled([crs]) }
    /// "{1} {0:shape|shapes}"
    public static func skShape(_ count: Int, _ type: String) -> String { skShape.filled(["\(count)", type]) }
    /// "null {0:shape|shapes}"
    public static func skNullShape(_ count: Int) -> String { skNullShape.filled(["\(count)"]) }
    /// "{0:feature|features} with {1} geometry"
    public static func skFeatureGeometry(_ count: Int, _ type: String) -> String { skFeatureGeometry.filled(["\(count)", type]) }
    /// "{0:feature|features} with empty geometry"
    public static func skEmptyGeometry(_ count: Int) -> String { skEmptyGeometry.filled(["\(count)"]) }
    /// "read the zip's {0} Shapefiles, one after the other: {1} (a pin without a category takes its file's name)"
    public static func noteShapefilesRead(_ names: [String]) -> String {
        noteShapefilesRead.filled(["\(names.count)", names.joined(separator: ", ")])
    }
    /// "skipped table {0}: {1} geometry ({2} {2:feature|features}); Pinmap reads points"
    public static func noteSkippedTable(_ table: String, _ geometry: String, _ c: String) -> String { noteSkippedTable.filled([table, geometry, c]) }
    /// "--crs {0} not used: {1} coordinates are WGS84 longitude, latitude by definition"
    public static func noteCRSFormat(_ crs: String, _ format: String) -> String { noteCRSFormat.filled([crs, format]) }
    /// "--crs {0} not used: GeoJSON positions are WGS84 longitude, latitude (RFC 7946); only a \"crs\" member in the file names another system"
    public static func noteCRSGeoJSON(_ crs: String) -> String { noteCRSGeoJSON.filled([crs]) }
    /// "--crs {0} not used: the file names its own coordinate reference system"
    public static func noteCRSOwn(_ crs: String) -> String { noteCRSOwn.filled([crs]) }
    /// "the external {1:entity|entities} {0} {1:names a file|name files} outside this one, never read: {1:its|their} references were left out"
    public static func noteExternalEntities(_ names: String, _ count: Int) -> String { noteExternalEntities.filled([names, "\(count)"]) }
    /// "{0} and {1} more"
    public static func noteAndMore(_ listed: String, _ b: Int) -> String { noteAndMore.filled([listed, "\(b)"]) }
    /// "{0} attribute {0:value was|values were} not valid {1} and left out"
    public static func noteUndecodable(_ count: Int, _ encoding: String) -> String { noteUndecodable.filled(["\(count)", encoding]) }
    public static func noteTitleLines(_ headerLine: Int, _ lines: String, _ count: Int) -> String {
        noteTitleLines.filled(["\(headerLine)", lines, "\(count)"])
    }
    public static func noteNetworkLinks(_ links: String, _ count: Int) -> String { noteNetworkLinks.filled([links, "\(count)"]) }
    /// "{0} '{1}' cannot be transformed from {2} to WGS84"
    public static func irNotTransformable(_ field: String, _ value: String, _ system: String) -> String { irNotTransformable.filled([field, value, system]) }
    /// "{0} '{1}' holds degrees, but {2} is a projected system"
    public static func irDegreesUnderCRS(_ field: String, _ value: String, _ system: String) -> String { irDegreesUnderCRS.filled([field, value, system]) }
    /// "{0} {1} skipped"
    public static func skippedCount(_ a: Int, _ b: String) -> String { skippedCount.filled(["\(a)", b]) }
    /// "{0} of {1}"
    public static func sheetShownOf(_ listCount: Int, _ listInViewText: String) -> String { sheetShownOf.filled(["\(listCount)", listInViewText]) }
    /// "dragging → {0}"
    public static func statusDragging(_ label: String) -> String { statusDragging.filled([label]) }
    /// "{0} of {1} pins in view"
    public static func statusInView(_ inViewText: String, _ totalCount: Int) -> String { statusInView.filled([inViewText, "\(totalCount)"]) }
    /// "search “{0}”"
    public static func statusSearch(_ a: String) -> String { statusSearch.filled([a]) }
    /// "pointer {0}"
    public static func statusPointer(_ place: String) -> String { statusPointer.filled([place]) }
    /// "centre {0}"
    public static func statusCentre(_ place: String) -> String { statusCentre.filled([place]) }
    /// "{0} pin"
    public static func legendPin(_ glyph: String) -> String { legendPin.filled([glyph]) }
    /// "{0} pin: {1}"
    public static func legendPinTitled(_ glyph: String, _ title: String) -> String { legendPinTitled.filled([glyph, title]) }
    /// "{0} pins here"
    public static func legendPins(_ count: String) -> String { legendPins.filled([count]) }
    /// "{0} {1} pins here"
    public static func legendShade(_ glyph: String, _ count: String) -> String { legendShade.filled([glyph, count]) }
    /// "{0}: click to zoom in"
    public static func legendClick(_ a: String) -> String { legendClick.filled([a]) }
    /// "Pins in view: {0}"
    public static func sheetPinsInView(_ shown: String) -> String { sheetPinsInView.filled([shown]) }
    /// "→ {0}"
    public static func sheetSettlesOn(_ label: String) -> String { sheetSettlesOn.filled([label]) }
    /// "newest first (over {0} in view: zoom in to sort by {1})"
    public static func orderNewestCapped(_ sortLimit: Int, _ b: String) -> String { orderNewestCapped.filled(["\(sortLimit)", b]) }
    /// "{0} (of the {1} matches added last)"
    public static func orderSearchCapped(_ a: String, _ scanLimit: Int) -> String { orderSearchCapped.filled([a, "\(scanLimit)"]) }
    /// "{0} more elsewhere: F shows them all"
    public static func listMoreElsewhere(_ count: String) -> String { listMoreElsewhere.filled([count]) }
    /// "{0} more elsewhere: Ctrl-F shows them all"
    public static func listMoreElsewhereTyping(_ count: String) -> String { listMoreElsewhereTyping.filled([count]) }
    /// "No pin matches “{0}”"
    public static func listNoMatchAnywhere(_ a: String) -> String { listNoMatchAnywhere.filled([a]) }
    /// "None of the {0} matches added last is in view: type more of the word, zoom out (-), or Ctrl-F for them all"
    public static func listNoMatchCapped(_ scanLimit: Int) -> String { listNoMatchCapped.filled(["\(scanLimit)"]) }
    /// "pasted text cut to {0} characters"
    public static func msgPasteCut(_ kept: Int) -> String { msgPasteCut.filled(["\(kept)"]) }
    /// "The sheet is already {0}"
    public static func msgSheetAlready(_ label: String) -> String { msgSheetAlready.filled([label]) }
    /// "{0} is not available at this size"
    public static func msgDetentUnavailable(_ label: String) -> String { msgDetentUnavailable.filled([label]) }
    /// "{0} does nothing here · ? lists the keys": {0} a key as typed ("x", "Ctrl-G", "Space")
    public static func msgKeyUnbound(_ key: String) -> String { msgKeyUnbound.filled([key]) }
    /// "{0} works on the Map tab: 1 shows it": {0} a key as typed
    public static func msgKeyOnMapTab(_ key: String) -> String { msgKeyOnMapTab.filled([key]) }
    /// "Sorted by {0}"
    public static func msgSortedBy(_ a: String) -> String { msgSortedBy.filled([a]) }
    /// "Cluster of {0} pins: zoomed in"
    public static func msgClusterZoomed(_ count: Int) -> String { msgClusterZoomed.filled(["\(count)"]) }
    /// "Focus: {0}"
    public static func msgFocus(_ label: String) -> String { msgFocus.filled([label]) }
    /// "Sorting by {0} needs at most {1} pins in view: showing the newest; zoom in"
    public static func msgSortCapped(_ a: String, _ b: String) -> String { msgSortCapped.filled([a, b]) }
    /// "Loaded {0} sample {0:pin|pins}"
    public static func msgLoadedSamples(_ count: Int) -> String { msgLoadedSamples.filled(["\(count)"]) }
    /// "Could not load the sample pins: {0}"
    public static func msgSamplesFailed(_ error: StoreError) -> String { msgSamplesFailed.filled([storeError(error)]) }
    /// "Store error: {0}"
    public static func msgStoreError(_ error: StoreError, reading: Bool = false) -> String {
        msgStoreError.filled([storeError(error, reading: reading)])
    }
    /// "Could not save setting: {0}"
    public static func msgSettingNotSaved(_ error: StoreError) -> String { msgSettingNotSaved.filled([storeError(error)]) }
    /// "Searching “{0}”…"
    public static func msgSearching(_ a: String) -> String { msgSearching.filled([a]) }
    /// "Added “{0}”"
    public static func noticeAddedText(_ a: String) -> String { noticeAddedText.filled([a]) }
    /// "Updated “{0}”"
    public static func noticeUpdatedText(_ a: String) -> String { noticeUpdatedText.filled([a]) }
    /// "“{0}” is gone · u brings it back"
    public static func noticeDeletedText(_ a: String) -> String { noticeDeletedText.filled([a]) }
    /// "Pin #{0} is no longer in the store"
    public static func noticeNotDeletedGone(_ id: Int64) -> String { noticeNotDeletedGone.filled(["\(id)"]) }
    /// "Deleting pin #{0} failed: {1}"
    public static func noticeNotDeletedText(_ id: Int64, _ error: StoreError) -> String { noticeNotDeletedText.filled(["\(id)", storeError(error)]) }
    /// "Restored “{0}”"
    public static func noticeRestoredText(_ a: String) -> String { noticeRestoredText.filled([a]) }
    /// "Undoing the delete of “{0}” failed: {1}"
    public static func noticeNotRestoredText(_ title: String, _ error: StoreError) -> String { noticeNotRestoredText.filled([title, storeError(error)]) }
    /// "Importing “{0}” stopped: nothing was kept, the store is as it was"
    public static func importStoppedText(_ name: String) -> String { importStoppedText.filled([name]) }
    /// "Importing “{0}” failed: {1}"
    public static func noticeImportFailedText(_ name: String, _ text: String) -> String { noticeImportFailedText.filled([name, text]) }
    /// "The map and list show the new pins; search scans them (slower) until `pinmap index` succeeds: {0}"
    public static func noticeIndexingFailedText(_ reason: String) -> String { noticeIndexingFailedText.filled([reason]) }
    /// "This tab: {0}"
    public static func helpTabKeys(_ a: String) -> String { helpTabKeys.filled([a]) }
    /// "Files in {0}"
    public static func importFilesHere(_ a: String) -> String { importFilesHere.filled([a]) }
    /// "No file to import in {0}"
    public static func importNoFiles(_ a: String) -> String { importNoFiles.filled([a]) }
    /// "No file starts with “{0}”"
    public static func importNoMatch(_ typedName: String) -> String { importNoMatch.filled([typedName]) }
    /// "There is no such folder: {0}"
    public static func importNoFolder(_ a: String) -> String { importNoFolder.filled([a]) }
    /// "Import pins from {0}": the formats the Import tab reads (`importFormats`).
    public static var importTitleText: String { importTitle.filled([importFormats.text]) }
    /// "Type the path of the file to import first ({0})": the formats as the tab's title names
    /// them (`importFormats`, the one list of them in the interface's words).
    public static var importNeedPathText: String { importNeedPath.filled([importFormats.text]) }
    /// "{0}: an XML document that is neither GPX (<gpx>) nor KML (<kml>); Pinmap reads CSV, GeoJSON, Google Takeout JSON, GPX, KML, KMZ, GeoPackage and Shape
    public static func ieNeitherGPXNorKML(_ name: String) -> String { ieNeitherGPXNorKML.filled([name]) }
    /// "No place matches “{0}”"
    public static func placeNoMatch(_ text: String) -> String { placeNoMatch.filled([text]) }
    /// "{0}: the file is empty"
    public static func ieEmptyFile(_ name: String) -> String { ieEmptyFile.filled([name]) }
    /// "{0}: looks like a binary file (it holds NUL bytes), not CSV text"
    public static func ieBinary(_ name: String) -> String { ieBinary.filled([name]) }
    /// "{0}: an Excel workbook: save it as CSV (\"CSV UTF-8\") and import that"
    public static func ieExcel(_ name: String) -> String { ieExcel.filled([name]) }
    /// "{0}: an OpenDocument spreadsheet: save it as CSV and import that"
    public static func ieODS(_ name: String) -> String { ieODS.filled([name]) }
    public static func ieNumbers(_ name: String) -> String { ieNumbers.filled([name]) }
    /// "{0}: not UTF-8, and its encoding was not recognised: save it as \"CSV UTF-8\" (or import it with pinmap import --encoding)"
    public static func ieUnknownEncoding(_ name: String) -> String { ieUnknownEncoding.filled([name]) }
    /// "Importing “{0}”: {1}%"
    public static func jobImporting(_ file: String, _ b: Int) -> String { jobImporting.filled([file, "\(b)"]) }
    /// "Importing “{0}”: writing the map's index and committing…"
    public static func jobImportCommitting(_ file: String) -> String { jobImportCommitting.filled([file]) }
    /// "Finishing the import of “{0}”: it is committing and cannot stop; Pinmap quits when it is done…"
    public static func quitWaitCommit(_ file: String) -> String { quitWaitCommit.filled([file]) }
    public static func quitNotSaved(_ reason: String) -> String { quitNotSaved.filled([reason]) }
    /// "Waiting for the indexing under way ({0}%): the import starts when it ends"
    public static func importWaitsForIndexing(_ percent: Int) -> String { importWaitsForIndexing.filled(["\(percent)"]) }
    /// "Committed: the {0} new pins are on the map; indexing them for search and the list: {1}%"
    public static func importIndexingCommitted(_ pins: Int, _ percent: Int) -> String { importIndexingCommitted.filled(["\(pins)", "\(percent)"]) }
    /// "Undoing import #{0} (“{1}”)…"
    public static func jobUndoingImport(_ id: Int64, _ file: String) -> String { jobUndoingImport.filled(["\(id)", file]) }
    /// "Indexing {0} new pins"
    public static func idxIndexing(_ pins: Int) -> String { idxIndexing.filled(["\(pins)"]) }
    /// "#{0}  {1}  {2}  {3}": id, date, the count (`stBatchPins`, `stBatchLeft` or
    /// `stBatchGrown`, padded to its column) and the file's name.
    public static func stBatch(_ id: Int64, _ b: Substring, _ count: String, _ d: String) -> String { stBatch.filled(["\(id)", "\(b)", count, d]) }
    /// "{0} {0:pin|pins}"
    public static func stBatchPins(_ imported: Int) -> String { stBatchPins.filled(["\(imported)"]) }
    /// "{0} of {1} pins left"
    public static func stBatchLeft(_ left: Int, _ imported: Int) -> String { stBatchLeft.filled(["\(left)", "\(imported)"]) }
    /// "{0} imported, {1} now in it"
    public static func stBatchGrown(_ imported: Int, _ now: Int) -> String { stBatchGrown.filled(["\(imported)", "\(now)"]) }
    /// "Deleting the comment failed: {0}"
    public static func dtCommentDeleteFailed(_ error: StoreError) -> String { dtCommentDeleteFailed.filled([storeError(error)]) }
    /// "{0} {1}"
    public static func tlMonthTitle(_ a: String, _ year: Int) -> String { tlMonthTitle.filled([a, "\(year)"]) }
    /// "{0}: reading…"
    public static func tlReading(_ dateString: String) -> String { tlReading.filled([dateString]) }
    /// "{0}: not read yet"
    public static func tlNotRead(_ dateString: String) -> String { tlNotRead.filled([dateString]) }
    /// "{0}: no pins"
    public static func tlNoPins(_ dateString: String) -> String { tlNoPins.filled([dateString]) }
    /// "{0}: {1} pins · Enter shows one on the map"
    public static func tlPins(_ dateString: String, _ count: Int) -> String { tlPins.filled([dateString, "\(count)"]) }
    /// "{0}: 1 pin · Enter shows it on the map"
    public static func tlOnePin(_ dateString: String) -> String { tlOnePin.filled([dateString]) }
    /// "path     {0}"
    public static func stPath(_ a: String) -> String { stPath.filled([a]) }
    /// "size     {0}   {1} pins"
    public static func stSize(_ a: String, _ pinCount: Int) -> String { stSize.filled([a, "\(pinCount)"]) }
    /// "imports  {0}"
    public static func stImports(_ a: String) -> String { stImports.filled([a]) }
    /// "× {0}  (0.5 less, 1 normal, 2 more)"
    public static func stSensitivityValue(_ a: String) -> String { stSensitivityValue.filled([a]) }
    /// "  Sheet detent: {0} (remembered across runs)"
    public static func stDetent(_ label: String) -> String { stDetent.filled([label]) }
    /// "Not saved: {0} Ctrl-S tries again · Esc gives up" ({0} ended as a sentence)
    public static func fmNotSaved(_ error: StoreError) -> String { fmNotSaved.filled([sentence(storeError(error))]) }

    /// `text` ended as a sentence: a full stop added unless it ends with one, or with ? or !.
    static func sentence(_ text: String) -> String {
        guard let last = text.last, !".?!".contains(last) else { return text }
        return text + "."
    }
    /// "Delete “{0}”?"
    public static func cfDeletePin(_ a: String) -> String { cfDeletePin.filled([a]) }
    /// "#{0}  Esc closes "
    public static func dtCloses(_ id: Int64) -> String { dtCloses.filled(["\(id)"]) }
    /// "  Created {0}  ·  Updated {1}"
    public static func dtCreated(_ a: String, _ b: String) -> String { dtCreated.filled([a, b]) }
    /// " {0}° across "
    public static func dtAcross(_ a: String) -> String { dtAcross.filled([a]) }
    /// "  Comments ({0})"
    public static func dtComments(_ count: String) -> String { dtComments.filled([count]) }
    /// "Adding the comment failed: {0}"
    public static func dtCommentFailed(_ error: StoreError) -> String { dtCommentFailed.filled([storeError(error)]) }
    /// "Could not load the comments: {0}"
    public static func dtCommentsFailed(_ error: StoreError) -> String { dtCommentsFailed.filled([storeError(error, reading: true)]) }
    /// "too small: need {0}"
    public static func tooSmall(_ need: String) -> String { tooSmall.filled([need]) }
    /// "now {0}"
    public static func tooSmallNow(_ a: String) -> String { tooSmallNow.filled([a]) }
    /// "need {0}"
    public static func tooSmallNeed(_ need: String) -> String { tooSmallNeed.filled([need]) }
    /// "{0} in view"
    public static func searchInView(_ a: String) -> String { searchInView.filled([a]) }
    /// "Search “{0}”: {1} in view"
    public static func searchKeptHeader(_ query: String, _ shown: String) -> String { searchKeptHeader.filled([query, shown]) }
    public static func searchKeptUnreachable(_ query: String) -> String { searchKeptUnreachable.filled([query]) }
    /// " · {0} · / edits · Esc in / clears"
    public static func searchEditHint(_ orderLabel: String) -> String { searchEditHint.filled([orderLabel]) }
    /// "“{0}” changed elsewhere since you opened it"
    public static func cnTitle(_ a: String) -> String { cnTitle.filled([a]) }
    /// "merged without conflict: {0}" (the fields in groups, `cnByTheirs`, `cnByMine`, `cnByBoth`)
    public static func cnMerged(_ fields: String) -> String { cnMerged.filled([fields]) }
    /// "{0} (yours)" (fields joined by `cnFieldsJoin`)
    public static func cnByMine(_ field: String) -> String { cnByMine.filled([field]) }
    /// "{0} (theirs)"
    public static func cnByTheirs(_ field: String) -> String { cnByTheirs.filled([field]) }
    /// "{0} (same on both)"
    public static func cnByBoth(_ field: String) -> String { cnByBoth.filled([field]) }
    /// "Updated “{0}”; kept {1} {1:change|changes} made elsewhere ({2})"
    public static func noticeUpdatedKept(_ title: String, count: Int, _ fields: String) -> String {
        noticeUpdatedKept.filled([title, "\(count)", fields])
    }
    /// "Took theirs in {0}; writing yours in {1}"
    public static func cnTookTheirsWriting(_ theirs: String, _ mine: String) -> String { cnTookTheirsWriting.filled([theirs, mine]) }
    /// "… and {0} more {0:field|fields} that differ: a taller terminal shows them"
    public static func cnMoreFields(_ count: Int) -> String { cnMoreFields.filled(["\(count)"]) }
    /// "“{0}” changed elsewhere since you opened it: not deleted"
    public static func cnNotDeleted(_ a: String) -> String { cnNotDeleted.filled([a]) }
    /// "“{0}” was deleted elsewhere"
    public static func cnDeletedTitle(_ a: String) -> String { cnDeletedTitle.filled([a]) }
    /// "{0} elsewhere"
    public static func chElsewhere(_ a: String) -> String { chElsewhere.filled([a]) }
    /// "{0} by {1}": what changed, by whom (the server roles that wrote it)
    public static func chBy(_ what: String, _ who: String) -> String { chBy.filled([what, who]) }
    /// "“{0}” edited"
    public static func chTitleEdited(_ a: String) -> String { chTitleEdited.filled([a]) }
    /// "“{0}” deleted"
    public static func chTitleDeleted(_ a: String) -> String { chTitleDeleted.filled([a]) }
    /// "{0} {0:comment|comments} added" (the comments of the pin on the detail page)
    /// The status line while the store cannot be reached: why, when the server refuses the
    /// login (its own reason, `StoreError.Kind.loginRefused`), else "reconnecting…".
    public static func chReconnecting(refusal: String?) -> String { refusal.map { chRefused.filled([$0]) } ?? chReconnecting.text }
    public static func chCommentsAdded(_ n: Int) -> String { chCommentsAdded.filled(["\(n)"]) }
    /// "{0} {0:comment|comments} deleted"
    public static func chCommentsDeleted(_ n: Int) -> String { chCommentsDeleted.filled(["\(n)"]) }
    /// "{0} pins added"
    public static func chAdded(_ a: Int) -> String { chAdded.filled(["\(a)"]) }
    /// "{0} pins edited"
    public static func chEdited(_ a: Int) -> String { chEdited.filled(["\(a)"]) }
    /// "{0} pins deleted"
    public static func chDeleted(_ a: Int) -> String { chDeleted.filled(["\(a)"]) }
    /// "server   {0}"
    public static func stServer(_ a: String) -> String { stServer.filled([a]) }
    /// "more fields than the header has columns, from {0}: '{1}'"
    public static func irExtraFields(_ field: String, _ value: String) -> String { irExtraFields.filled([field, value]) }
    /// "{0} '{1}': the minutes must be below 60"
    public static func irMinutes(_ field: String, _ value: String) -> String { irMinutes.filled([field, value]) }
    /// "{0} '{1}': the seconds must be below 60"
    public static func irSeconds(_ field: String, _ value: String) -> String { irSeconds.filled([field, value]) }
    /// "{0} '{1}' carries the other axis's hemisphere (N/S for latitude, E/W for longitude)"
    public static func irWrongHemisphere(_ field: String, _ value: String) -> String { irWrongHemisphere.filled([field, value]) }
    /// "{0} '{1}' has both a sign and a hemisphere"
    public static func irSignAndHemisphere(_ field: String, _ value: String) -> String { irSignAndHemisphere.filled([field, value]) }
    /// "{0} '{1}' is not a point"
    public static func irNotAPoint(_ field: String, _ value: String) -> String { irNotAPoint.filled([field, value]) }
    /// "{0}: the point has no coordinates"
    public static func irEmptyPoint(_ field: String) -> String { irEmptyPoint.filled([field]) }
    /// "{0} '{1}' needs longitude and latitude numbers"
    public static func irPointArity(_ field: String, _ value: String) -> String { irPointArity.filled([field, value]) }
    /// "{0} '{1}' is not a WKT POINT"
    public static func irMalformedWKT(_ field: String, _ value: String) -> String { irMalformedWKT.filled([field, value]) }
    /// "{0} '{1}' is not WGS84 longitude/latitude (SRID 4326)"
    public static func irSRID(_ field: String, _ value: String) -> String { irSRID.filled([field, value]) }
    /// "the store refused the row '{1}'"
    public static func irRefusedByStore(_ field: String, _ value: String) -> String { irRefusedByStore.filled([field, value]) }
    /// "{0} holds a NUL character (U+0000), which a PostgreSQL store cannot keep; …"
    public static func irNulCharacter(_ field: String) -> String { irNulCharacter.filled([field]) }
    /// "Undo import #{0} (“{1}”)?"
    public static func cfUndoImport(_ id: Int64, _ b: String) -> String { cfUndoImport.filled(["\(id)", b]) }
    /// "Its {0} {0:pin goes, unless it was|pins go, unless some were} edited or commented since."
    public static func cfUndoImportText(_ pins: Int) -> String { cfUndoImportText.filled(["\(pins)"]) }
    /// "Undid import #{0}: {1} pins removed"
    public static func msgImportUndone(_ id: Int64, _ pins: Int) -> String { msgImportUndone.filled(["\(id)", "\(pins)"]) }
    /// "Import #{0} kept"
    public static func noticeUndoRefused(_ id: Int64) -> String { noticeUndoRefused.filled(["\(id)"]) }
    /// "{0} of its pins changed since (edited or commented): nothing removed. `pinmap undo-import {1} --force` removes them too."
    public static func noticeUndoRefusedText(_ changed: Int, _ id: Int64) -> String { noticeUndoRefusedText.filled(["\(changed)", "\(id)"]) }
    /// "Import #{0} is gone already"
    public static func msgImportGone(_ id: Int64) -> String { msgImportGone.filled(["\(id)"]) }
    /// "Import #{0} not undone"
    public static func noticeUndoFailed(_ id: Int64) -> String { noticeUndoFailed.filled(["\(id)"]) }
}
