import PinModel

/// The strings that take arguments, each with its arguments' types in order (`{0}`, `{1}`, …
/// of both tables): `S.irHead(file, imported, rejected, duplicates)`. A string without
/// arguments is `S.key.text`. The English entry is shown above each.
extension S {
    /// "Added {0} sample pins to try Pinmap with · to remove them: 4 (Settings), ↑ to the sample import, Enter"
    public static func msgLoadedSamplesFirstRun(_ a: Int) -> String { msgLoadedSamplesFirstRun.filled(["\(a)"]) }
    /// "{0} '{1}' is not a finite number"
    public static func irNotFinite(_ a: String, _ b: String) -> String { irNotFinite.filled([a, b]) }
    /// "{0} '{1}' is not a decimal number (hexadecimal)"
    public static func irHexadecimal(_ a: String, _ b: String) -> String { irHexadecimal.filled([a, b]) }
    /// "{0} '{1}' is not a valid number (two decimal separators)"
    public static func irTwoSeparators(_ a: String, _ b: String) -> String { irTwoSeparators.filled([a, b]) }
    /// "Drag sensitivity is already × {0} (0.5, 1 or 2)"
    public static func stSensitivityEnd(_ a: String) -> String { stSensitivityEnd.filled([a]) }
    /// "Could not create {0}: {1}"
    public static func stExportNoFile(_ a: String, _ b: String) -> String { stExportNoFile.filled([a, b]) }
    /// "Could not write {0}: {1}"
    public static func stExportNotWritten(_ a: String, _ b: String) -> String { stExportNotWritten.filled([a, b]) }
    /// "Exported {0} pins to {1}"
    public static func stExported(_ a: Int, _ b: String) -> String { stExported.filled(["\(a)", b]) }
    /// "Export failed: {0}"
    public static func stExportFailed(_ a: String) -> String { stExportFailed.filled([a]) }
    /// "{0}: {1} imported, {2} rejected, {3} duplicates skipped"
    public static func irHead(_ a: String, _ b: Int, _ c: Int, _ d: Int) -> String { irHead.filled([a, "\(b)", "\(c)", "\(d)"]) }
    /// "(import #{0}; u undoes it)"
    public static func irBatch(_ a: Int64) -> String { irBatch.filled(["\(a)"]) }
    /// "{0} · encoding {1}"
    public static func irFormat(_ a: String, _ b: String) -> String { irFormat.filled([a, b]) }
    /// "delimiter {0}"
    public static func irDelimiter(_ a: String) -> String { irDelimiter.filled([a]) }
    /// "line {0}: {1}"
    public static func irLine(_ a: Int, _ b: String) -> String { irLine.filled(["\(a)", b]) }
    /// "… {0} more rejected rows"
    public static func irMoreIssues(_ a: Int) -> String { irMoreIssues.filled(["\(a)"]) }
    /// "line {0} repeats line {1}"
    public static func irDupLine(_ a: Int, _ b: Int) -> String { irDupLine.filled(["\(a)", "\(b)"]) }
    /// "line {0} repeats pin {1} in the store"
    public static func irDupPin(_ a: Int, _ b: Int64) -> String { irDupPin.filled(["\(a)", "\(b)"]) }
    /// "… {0} more duplicates"
    public static func irMoreDuplicates(_ a: Int) -> String { irMoreDuplicates.filled(["\(a)"]) }
    /// "note: {0}"
    public static func irNote(_ a: String) -> String { irNote.filled([a]) }
    /// "{0} '{1}' is not a number"
    public static func irNotANumber(_ a: String, _ b: String) -> String { irNotANumber.filled([a, b]) }
    /// "{0} is empty"
    public static func irEmpty(_ a: String) -> String { irEmpty.filled([a]) }
    /// "{0} {1} outside {2}"
    public static func irOutOfRange(_ a: String, _ b: String, _ c: String) -> String { irOutOfRange.filled([a, b, c]) }
    /// "{0}: cannot read the file: {1}"
    public static func ieUnreadable(_ a: String, _ b: String) -> String { ieUnreadable.filled([a, b]) }
    /// "{0}: the file is empty (no header row)"
    public static func ieEmpty(_ a: String) -> String { ieEmpty.filled([a]) }
    /// "{0}: the file has no header row"
    public static func ieNoHeader(_ a: String) -> String { ieNoHeader.filled([a]) }
    /// "{0}: not a GeoJSON FeatureCollection"
    public static func ieNotGeoJSON(_ a: String) -> String { ieNotGeoJSON.filled([a]) }
    /// "{0}: not valid JSON; nothing was imported"
    public static func ieNotJSON(_ a: String) -> String { ieNotJSON.filled([a]) }
    /// "{0}: malformed XML at line {1}, column {2}; nothing was imported"
    public static func ieXML(_ a: String, _ b: Int, _ c: Int) -> String { ieXML.filled([a, "\(b)", "\(c)"]) }
    /// "{0}: the zip archive (KMZ, zipped Shapefile) cannot be read; nothing was imported"
    public static func ieArchive(_ a: String) -> String { ieArchive.filled([a]) }
    /// "{0}: the store failed, nothing was imported: {1}"
    public static func ieStore(_ a: String, _ b: String) -> String { ieStore.filled([a, b]) }
    /// "skipped {0} {1}"
    public static func noteSkipped(_ a: Int, _ b: String) -> String { noteSkipped.filled(["\(a)", b]) }
    /// "{0:route|routes}"
    public static func skRoute(_ a: Int) -> String { skRoute.filled(["\(a)"]) }
    /// "{0:track|tracks}"
    public static func skTrack(_ a: Int) -> String { skTrack.filled(["\(a)"]) }
    /// "{0:feature|features} with null geometry"
    public static func skNullGeometry(_ a: Int) -> String { skNullGeometry.filled(["\(a)"]) }
    /// "{0:placemark|placemarks} with {1} geometry"
    public static func skPlacemarkGeometry(_ a: Int, _ b: String) -> String { skPlacemarkGeometry.filled(["\(a)", b]) }
    /// "{0:placemark|placemarks} with only an address (no geometry)"
    public static func skPlacemarkAddress(_ a: Int) -> String { skPlacemarkAddress.filled(["\(a)"]) }
    /// "{0:placemark|placemarks} without geometry"
    public static func skPlacemarkNoGeometry(_ a: Int) -> String { skPlacemarkNoGeometry.filled(["\(a)"]) }
    /// "{1} {0:part of a MultiGeometry placemark|parts of MultiGeometry placemarks}"
    public static func skMultiPart(_ a: Int, _ b: String) -> String { skMultiPart.filled(["\(a)", b]) }
    /// "{1} {0:geometry inside a GeometryCollection|geometries inside GeometryCollections}"
    public static func skCollectionPart(_ a: Int, _ b: String) -> String { skCollectionPart.filled(["\(a)", b]) }
    /// "{0} lines above, {1} below: ↑↓ PgUp PgDn scroll"
    public static func importScroll(_ a: Int, _ b: Int) -> String { importScroll.filled(["\(a)", "\(b)"]) }
    /// "{0}: there is no such file"
    public static func ieNotFound(_ a: String) -> String { ieNotFound.filled([a]) }
    /// "{0}: you may not read this file"
    public static func ieNoPermission(_ a: String) -> String { ieNoPermission.filled([a]) }
    /// "{0} is a folder: pick a file in it"
    public static func ieDirectory(_ a: String) -> String { ieDirectory.filled([a]) }
    /// "{0} is a pipe (FIFO), not a file: save the data to a file first"
    public static func iePipe(_ a: String) -> String { iePipe.filled([a]) }
    /// "{0} is a device, not a file"
    public static func ieDevice(_ a: String) -> String { ieDevice.filled([a]) }
    /// "{0} is a socket, not a file"
    public static func ieSocket(_ a: String) -> String { ieSocket.filled([a]) }
    /// "{0} is not a regular file"
    public static func ieNotRegular(_ a: String) -> String { ieNotRegular.filled([a]) }
    /// "{0}: no latitude/longitude (or name) column found; name them lat, lon and name"
    public static func ieColumns(_ a: String) -> String { ieColumns.filled([a]) }
    /// "{0}: the text cannot be decoded (broken UTF-8 or UTF-16)"
    public static func ieDecoding(_ a: String) -> String { ieDecoding.filled([a]) }
    /// "{0}: the header row cannot be read"
    public static func ieHeader(_ a: String) -> String { ieHeader.filled([a]) }
    /// "{0}: the XML is broken at line {1}, column {2}"
    public static func ieNotXML(_ a: String, _ b: String, _ c: String) -> String { ieNotXML.filled([a, b, c]) }
    /// "{0}: {1}; nothing was imported"
    public static func ieCRS(_ a: String, _ b: String) -> String { ieCRS.filled([a, b]) }
    /// "{0}: the GeoPackage cannot be read: {1}; nothing was imported"
    public static func ieGeoPackage(_ a: String, _ b: String) -> String { ieGeoPackage.filled([a, b]) }
    /// "{0}: the Shapefile cannot be read: {1}; nothing was imported"
    public static func ieShapefile(_ a: String, _ b: String) -> String { ieShapefile.filled([a, b]) }
    /// "{0}: no point features ({1}); nothing was imported"
    public static func ieNoPoints(_ a: String, _ b: String) -> String { ieNoPoints.filled([a, b]) }
    /// "coordinates from {0}, transformed to WGS84"
    public static func importCRS(_ a: String) -> String { importCRS.filled([a]) }
    /// "{1} {0:shape|shapes}"
    public static func skShape(_ a: Int, _ b: String) -> String { skShape.filled(["\(a)", b]) }
    /// "null {0:shape|shapes}"
    public static func skNullShape(_ a: Int) -> String { skNullShape.filled(["\(a)"]) }
    /// "{0:feature|features} with {1} geometry"
    public static func skFeatureGeometry(_ a: Int, _ b: String) -> String { skFeatureGeometry.filled(["\(a)", b]) }
    /// "{0:feature|features} with empty geometry"
    public static func skEmptyGeometry(_ a: Int) -> String { skEmptyGeometry.filled(["\(a)"]) }
    /// "skipped table {0}: {1} geometry ({2} {2:feature|features}); Pinmap reads points"
    public static func noteSkippedTable(_ a: String, _ b: String, _ c: String) -> String { noteSkippedTable.filled([a, b, c]) }
    /// "--crs {0} not used: {1} coordinates are WGS84 longitude, latitude by definition"
    public static func noteCRSFormat(_ a: String, _ b: String) -> String { noteCRSFormat.filled([a, b]) }
    /// "--crs {0} not used: GeoJSON positions are WGS84 longitude, latitude (RFC 7946); only a \"crs\" member in the file names another system"
    public static func noteCRSGeoJSON(_ a: String) -> String { noteCRSGeoJSON.filled([a]) }
    /// "--crs {0} not used: the file names its own coordinate reference system"
    public static func noteCRSOwn(_ a: String) -> String { noteCRSOwn.filled([a]) }
    /// "the external {1:entity|entities} {0} {1:names a file|name files} outside this one, never read: {1:its|their} references were left out"
    public static func noteExternalEntities(_ a: String, _ b: Int) -> String { noteExternalEntities.filled([a, "\(b)"]) }
    /// "{0} and {1} more"
    public static func noteAndMore(_ a: String, _ b: Int) -> String { noteAndMore.filled([a, "\(b)"]) }
    /// "{0} attribute {0:value was|values were} not valid {1} and left out"
    public static func noteUndecodable(_ a: Int, _ b: String) -> String { noteUndecodable.filled(["\(a)", b]) }
    /// "{0} '{1}' cannot be transformed from {2} to WGS84"
    public static func irNotTransformable(_ a: String, _ b: String, _ c: String) -> String { irNotTransformable.filled([a, b, c]) }
    /// "{0} '{1}' holds degrees, but {2} is a projected system"
    public static func irDegreesUnderCRS(_ a: String, _ b: String, _ c: String) -> String { irDegreesUnderCRS.filled([a, b, c]) }
    /// "{0} {1} skipped"
    public static func skippedCount(_ a: Int, _ b: String) -> String { skippedCount.filled(["\(a)", b]) }
    /// "{0} of {1}"
    public static func sheetShownOf(_ a: Int, _ b: String) -> String { sheetShownOf.filled(["\(a)", b]) }
    /// "dragging → {0}"
    public static func statusDragging(_ a: String) -> String { statusDragging.filled([a]) }
    /// "{0} of {1} pins in view"
    public static func statusInView(_ a: String, _ b: Int) -> String { statusInView.filled([a, "\(b)"]) }
    /// "search “{0}”"
    public static func statusSearch(_ a: String) -> String { statusSearch.filled([a]) }
    /// "pointer {0}"
    public static func statusPointer(_ a: String) -> String { statusPointer.filled([a]) }
    /// "centre {0}"
    public static func statusCentre(_ a: String) -> String { statusCentre.filled([a]) }
    /// "{0} pin"
    public static func legendPin(_ a: String) -> String { legendPin.filled([a]) }
    /// "{0} pin: {1}"
    public static func legendPinTitled(_ a: String, _ b: String) -> String { legendPinTitled.filled([a, b]) }
    /// "{0} pins here"
    public static func legendPins(_ a: String) -> String { legendPins.filled([a]) }
    /// "{0} {1} pins here"
    public static func legendShade(_ a: String, _ b: String) -> String { legendShade.filled([a, b]) }
    /// "{0}: click to zoom in"
    public static func legendClick(_ a: String) -> String { legendClick.filled([a]) }
    /// "Pins in view: {0}"
    public static func sheetPinsInView(_ a: String) -> String { sheetPinsInView.filled([a]) }
    /// "→ {0}"
    public static func sheetSettlesOn(_ a: String) -> String { sheetSettlesOn.filled([a]) }
    /// "newest first (over {0} in view: zoom in to sort by {1})"
    public static func orderNewestCapped(_ a: Int, _ b: String) -> String { orderNewestCapped.filled(["\(a)", b]) }
    /// "{0} (of the {1} matches added last)"
    public static func orderSearchCapped(_ a: String, _ b: Int) -> String { orderSearchCapped.filled([a, "\(b)"]) }
    /// "{0} more elsewhere: F shows them all"
    public static func listMoreElsewhere(_ a: String) -> String { listMoreElsewhere.filled([a]) }
    /// "{0} more elsewhere: Ctrl-F shows them all"
    public static func listMoreElsewhereTyping(_ a: String) -> String { listMoreElsewhereTyping.filled([a]) }
    /// "No pin matches “{0}”"
    public static func listNoMatchAnywhere(_ a: String) -> String { listNoMatchAnywhere.filled([a]) }
    /// "pasted text cut to {0} characters"
    public static func msgPasteCut(_ a: Int) -> String { msgPasteCut.filled(["\(a)"]) }
    /// "The sheet is already {0}"
    public static func msgSheetAlready(_ a: String) -> String { msgSheetAlready.filled([a]) }
    /// "{0} is not available at this size"
    public static func msgDetentUnavailable(_ a: String) -> String { msgDetentUnavailable.filled([a]) }
    /// "Sorted by {0}"
    public static func msgSortedBy(_ a: String) -> String { msgSortedBy.filled([a]) }
    /// "Cluster of {0} pins: zoomed in"
    public static func msgClusterZoomed(_ a: Int) -> String { msgClusterZoomed.filled(["\(a)"]) }
    /// "Focus: {0}"
    public static func msgFocus(_ a: String) -> String { msgFocus.filled([a]) }
    /// "Sorting by {0} needs at most {1} pins in view: showing the newest; zoom in"
    public static func msgSortCapped(_ a: String, _ b: String) -> String { msgSortCapped.filled([a, b]) }
    /// "Loaded {0} sample pins"
    public static func msgLoadedSamples(_ a: Int) -> String { msgLoadedSamples.filled(["\(a)"]) }
    /// "Could not load the sample pins: {0}"
    public static func msgSamplesFailed(_ a: StoreError) -> String { msgSamplesFailed.filled(["\(a)"]) }
    /// "Store error: {0}"
    public static func msgStoreError(_ a: StoreError) -> String { msgStoreError.filled(["\(a)"]) }
    /// "Could not save setting: {0}"
    public static func msgSettingNotSaved(_ a: StoreError) -> String { msgSettingNotSaved.filled(["\(a)"]) }
    /// "Searching “{0}”…"
    public static func msgSearching(_ a: String) -> String { msgSearching.filled([a]) }
    /// "Added “{0}”"
    public static func noticeAddedText(_ a: String) -> String { noticeAddedText.filled([a]) }
    /// "Updated “{0}”"
    public static func noticeUpdatedText(_ a: String) -> String { noticeUpdatedText.filled([a]) }
    /// "Updating “{0}” failed :( the pin no longer exists (deleted elsewhere?)"
    public static func noticeNotUpdatedText(_ a: String) -> String { noticeNotUpdatedText.filled([a]) }
    /// "“{0}” is gone · u brings it back"
    public static func noticeDeletedText(_ a: String) -> String { noticeDeletedText.filled([a]) }
    /// "Pin #{0} is no longer in the store"
    public static func noticeNotDeletedGone(_ a: Int64) -> String { noticeNotDeletedGone.filled(["\(a)"]) }
    /// "Deleting pin #{0} failed :( {1}"
    public static func noticeNotDeletedText(_ a: Int64, _ b: StoreError) -> String { noticeNotDeletedText.filled(["\(a)", "\(b)"]) }
    /// "Restored “{0}”"
    public static func noticeRestoredText(_ a: String) -> String { noticeRestoredText.filled([a]) }
    /// "Undoing the delete of “{0}” failed :( {1}"
    public static func noticeNotRestoredText(_ a: String, _ b: StoreError) -> String { noticeNotRestoredText.filled([a, "\(b)"]) }
    /// "Importing “{0}” stopped: nothing was kept, the store is as it was"
    public static func importStoppedText(_ a: String) -> String { importStoppedText.filled([a]) }
    /// "Importing “{0}” failed :( {1}"
    public static func noticeImportFailedText(_ a: String, _ b: String) -> String { noticeImportFailedText.filled([a, b]) }
    /// "The map and list show the new pins; search scans them (slower) until `pinmap index` succeeds: {0}"
    public static func noticeIndexingFailedText(_ a: String) -> String { noticeIndexingFailedText.filled([a]) }
    /// "This tab: {0}"
    public static func helpTabKeys(_ a: String) -> String { helpTabKeys.filled([a]) }
    /// "Files in {0}"
    public static func importFilesHere(_ a: String) -> String { importFilesHere.filled([a]) }
    /// "No file to import in {0}"
    public static func importNoFiles(_ a: String) -> String { importNoFiles.filled([a]) }
    /// "No file starts with “{0}”"
    public static func importNoMatch(_ a: String) -> String { importNoMatch.filled([a]) }
    /// "There is no such folder: {0}"
    public static func importNoFolder(_ a: String) -> String { importNoFolder.filled([a]) }
    /// "{0}: an XML document that is neither GPX (<gpx>) nor KML (<kml>); Pinmap reads CSV, GeoJSON, Google Takeout JSON, GPX, KML, KMZ, GeoPackage and Shape
    public static func ieNeitherGPXNorKML(_ a: String) -> String { ieNeitherGPXNorKML.filled([a]) }
    /// "No place matches “{0}”"
    public static func placeNoMatch(_ a: String) -> String { placeNoMatch.filled([a]) }
    /// "{0}: the file is empty"
    public static func ieEmptyFile(_ a: String) -> String { ieEmptyFile.filled([a]) }
    /// "{0}: looks like a binary file (it holds NUL bytes), not CSV text"
    public static func ieBinary(_ a: String) -> String { ieBinary.filled([a]) }
    /// "{0}: an Excel workbook: save it as CSV (\"CSV UTF-8\") and import that"
    public static func ieExcel(_ a: String) -> String { ieExcel.filled([a]) }
    /// "{0}: an OpenDocument spreadsheet: save it as CSV and import that"
    public static func ieODS(_ a: String) -> String { ieODS.filled([a]) }
    /// "{0}: not UTF-8, and its encoding was not recognised: save it as \"CSV UTF-8\" (or import it with pinmap import --encoding)"
    public static func ieUnknownEncoding(_ a: String) -> String { ieUnknownEncoding.filled([a]) }
    /// "Importing “{0}”: {1}%"
    public static func jobImporting(_ a: String, _ b: Int) -> String { jobImporting.filled([a, "\(b)"]) }
    /// "Importing “{0}”: writing the map's index and committing…"
    public static func jobImportCommitting(_ a: String) -> String { jobImportCommitting.filled([a]) }
    /// "Indexing {0} new pins"
    public static func idxIndexing(_ a: Int) -> String { idxIndexing.filled(["\(a)"]) }
    /// "#{0}  {1}  {2} pins  {3}"
    public static func stBatch(_ a: Int64, _ b: Substring, _ c: Int, _ d: String) -> String { stBatch.filled(["\(a)", "\(b)", "\(c)", d]) }
    /// "Deleting the comment failed :( {0}"
    public static func dtCommentDeleteFailed(_ a: StoreError) -> String { dtCommentDeleteFailed.filled(["\(a)"]) }
    /// "{0} {1}"
    public static func tlMonthTitle(_ a: String, _ b: Int) -> String { tlMonthTitle.filled([a, "\(b)"]) }
    /// "{0}: no pins"
    public static func tlNoPins(_ a: String) -> String { tlNoPins.filled([a]) }
    /// "{0}: {1} pins · Enter shows one on the map"
    public static func tlPins(_ a: String, _ b: Int) -> String { tlPins.filled([a, "\(b)"]) }
    /// "{0}: 1 pin · Enter shows it on the map"
    public static func tlOnePin(_ a: String) -> String { tlOnePin.filled([a]) }
    /// "path     {0}"
    public static func stPath(_ a: String) -> String { stPath.filled([a]) }
    /// "size     {0}   {1} pins"
    public static func stSize(_ a: String, _ b: Int) -> String { stSize.filled([a, "\(b)"]) }
    /// "imports  {0}"
    public static func stImports(_ a: String) -> String { stImports.filled([a]) }
    /// "× {0}  (0.5 less, 1 normal, 2 more)"
    public static func stSensitivityValue(_ a: String) -> String { stSensitivityValue.filled([a]) }
    /// "  Sheet detent: {0} (remembered across runs)"
    public static func stDetent(_ a: String) -> String { stDetent.filled([a]) }
    /// "Not saved: {0}. Ctrl-S tries again · Esc gives up"
    public static func fmNotSaved(_ a: StoreError) -> String { fmNotSaved.filled(["\(a)"]) }
    /// "Delete “{0}”?"
    public static func cfDeletePin(_ a: String) -> String { cfDeletePin.filled([a]) }
    /// "#{0}  Esc closes "
    public static func dtCloses(_ a: Int64) -> String { dtCloses.filled(["\(a)"]) }
    /// "  Created {0}  ·  Updated {1}"
    public static func dtCreated(_ a: String, _ b: String) -> String { dtCreated.filled([a, b]) }
    /// " {0}° across "
    public static func dtAcross(_ a: String) -> String { dtAcross.filled([a]) }
    /// "  Comments ({0})"
    public static func dtComments(_ a: String) -> String { dtComments.filled([a]) }
    /// "Adding the comment failed :( {0}"
    public static func dtCommentFailed(_ a: StoreError) -> String { dtCommentFailed.filled(["\(a)"]) }
    /// "Could not load the comments: {0}"
    public static func dtCommentsFailed(_ a: StoreError) -> String { dtCommentsFailed.filled(["\(a)"]) }
    /// "too small: need {0}"
    public static func tooSmall(_ a: String) -> String { tooSmall.filled([a]) }
    /// "now {0}"
    public static func tooSmallNow(_ a: String) -> String { tooSmallNow.filled([a]) }
    /// "need {0}"
    public static func tooSmallNeed(_ a: String) -> String { tooSmallNeed.filled([a]) }
    /// "{0} in view"
    public static func searchInView(_ a: String) -> String { searchInView.filled([a]) }
    /// "Search “{0}”: {1} in view"
    public static func searchKeptHeader(_ a: String, _ b: String) -> String { searchKeptHeader.filled([a, b]) }
    /// " · {0} · / edits · Esc in / clears"
    public static func searchEditHint(_ a: String) -> String { searchEditHint.filled([a]) }
    /// "“{0}” changed elsewhere since you opened it"
    public static func cnTitle(_ a: String) -> String { cnTitle.filled([a]) }
    /// "theirs {0} · yours {1}"
    public static func cnVersions(_ a: String, _ b: String) -> String { cnVersions.filled([a, b]) }
    /// "“{0}” changed elsewhere since you opened it: not deleted"
    public static func cnNotDeleted(_ a: String) -> String { cnNotDeleted.filled([a]) }
    /// "{0} elsewhere"
    public static func chElsewhere(_ a: String) -> String { chElsewhere.filled([a]) }
    /// "{0} pins added"
    public static func chAdded(_ a: Int) -> String { chAdded.filled(["\(a)"]) }
    /// "{0} pins edited"
    public static func chEdited(_ a: Int) -> String { chEdited.filled(["\(a)"]) }
    /// "{0} pins deleted"
    public static func chDeleted(_ a: Int) -> String { chDeleted.filled(["\(a)"]) }
    /// "server   {0}"
    public static func stServer(_ a: String) -> String { stServer.filled([a]) }
    /// "more fields than the header has columns, from {0}: '{1}'"
    public static func irExtraFields(_ a: String, _ b: String) -> String { irExtraFields.filled([a, b]) }
    /// "{0} '{1}': the minutes must be below 60"
    public static func irMinutes(_ a: String, _ b: String) -> String { irMinutes.filled([a, b]) }
    /// "{0} '{1}': the seconds must be below 60"
    public static func irSeconds(_ a: String, _ b: String) -> String { irSeconds.filled([a, b]) }
    /// "{0} '{1}' carries the other axis's hemisphere (N/S for latitude, E/W for longitude)"
    public static func irWrongHemisphere(_ a: String, _ b: String) -> String { irWrongHemisphere.filled([a, b]) }
    /// "{0} '{1}' has both a sign and a hemisphere"
    public static func irSignAndHemisphere(_ a: String, _ b: String) -> String { irSignAndHemisphere.filled([a, b]) }
    /// "{0} '{1}' is not a point"
    public static func irNotAPoint(_ a: String, _ b: String) -> String { irNotAPoint.filled([a, b]) }
    /// "{0}: the point has no coordinates"
    public static func irEmptyPoint(_ a: String) -> String { irEmptyPoint.filled([a]) }
    /// "{0} '{1}' needs longitude and latitude numbers"
    public static func irPointArity(_ a: String, _ b: String) -> String { irPointArity.filled([a, b]) }
    /// "{0} '{1}' is not a WKT POINT"
    public static func irMalformedWKT(_ a: String, _ b: String) -> String { irMalformedWKT.filled([a, b]) }
    /// "{0} '{1}' is not WGS84 longitude/latitude (SRID 4326)"
    public static func irSRID(_ a: String, _ b: String) -> String { irSRID.filled([a, b]) }
    /// "the store refused the row '{1}'"
    public static func irRefusedByStore(_ a: String, _ b: String) -> String { irRefusedByStore.filled([a, b]) }
    /// "Undo import #{0} (“{1}”)?"
    public static func cfUndoImport(_ a: Int64, _ b: String) -> String { cfUndoImport.filled(["\(a)", b]) }
    /// "Its {0} pins go, unless some were edited or commented since."
    public static func cfUndoImportText(_ a: Int) -> String { cfUndoImportText.filled(["\(a)"]) }
    /// "Undid import #{0}: {1} pins removed"
    public static func msgImportUndone(_ a: Int64, _ b: Int) -> String { msgImportUndone.filled(["\(a)", "\(b)"]) }
    /// "Import #{0} kept"
    public static func noticeUndoRefused(_ a: Int64) -> String { noticeUndoRefused.filled(["\(a)"]) }
    /// "{0} of its pins changed since (edited or commented): nothing removed. `pinmap undo-import {1} --force` removes them too."
    public static func noticeUndoRefusedText(_ a: Int, _ b: Int64) -> String { noticeUndoRefusedText.filled(["\(a)", "\(b)"]) }
    /// "Import #{0} is gone already"
    public static func msgImportGone(_ a: Int64) -> String { msgImportGone.filled(["\(a)"]) }
    /// "Import #{0} not undone"
    public static func noticeUndoFailed(_ a: Int64) -> String { noticeUndoFailed.filled(["\(a)"]) }
}
