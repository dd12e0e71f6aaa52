import Foundation

/// Every user-visible string of the interface, one key per string. `S.key.text` is the
/// string in `Strings.language`; `S.key(a, b)` fills its `{0}`, `{1}` placeholders with
/// arguments of the types `StringsArguments.swift` declares for the key.
public enum S: String, CaseIterable, Sendable {
    // Import results and row reasons, Settings' sensitivity and export, the sample pins.
    case msgLoadedSamplesFirstRun, irSwapped, irLatitude, irLongitude, irNotFinite, irHexadecimal, irTwoSeparators, stSensitivityEnd, stSampleBatch, stExporting, stExportNoFile, stExportNotWritten, stExported, stExportFailed, irHead, irHeadOneDuplicate, irBatch, irFormat, irDelimiter, irLine, irFeature, irShape, irMoreIssues, irDupLine, irDupPin, irDupFeature, irDupFeaturePin, irDupShape, irDupShapePin, irMoreDuplicates, irDuplicatesInStore, irNote, irNotANumber, irEmpty, irBlankTitle, irOutOfRange, ieUnreadable, ieEmpty, ieNoHeader, ieNotGeoJSON, ieNotJSON, ieXML, ieArchive, ieStore, hintImportResult
    // Partial imports, Pinmap's field names and import errors in the UI's language.
    case noticeImportedPartly, fieldTitle, fieldGeometry, fieldCategory, fieldDescription, fieldCreated, fieldExtraColumn, fieldRecord, fieldRow
    case noteSkipped, noteNoDataRows, noteNothingImported, noteDryRun, skRoute, skTrack, skNullGeometry, skPlacemarkGeometry, skPlacemarkAddress, skPlacemarkNoGeometry, skMultiPart, skCollectionPart
    case importScroll, ieNotFound, ieNoPermission, ieDirectory, iePipe, ieDevice, ieSocket, ieNotRegular, ieColumns, ieDecoding, ieHeader, ieNotXML
    // GIS: coordinate reference systems, GeoPackage and Shapefile.
    case ieCRS, ieGeoPackage, ieShapefile, ieNoPoints, importCRS, irProjected, skShape, skNullShape, skFeatureGeometry, skEmptyGeometry, noteSkippedTable
    // Why a coordinate reference system, a GeoPackage, a Shapefile, the store or the rejects file failed an import.
    case crsProjUnavailable, crsProjMissing, crsUnknown, crsEmpty, crsNotADefinition, crsUnreadable, crsOperation, crsNoWGS84, crsNoOperation, crsAxisOrder, crsNoDatabase, crsUndefinedCartesian, crsSourceTable
    case gpkgPinmapStore, gpkgNoContents, gpkgNoGeometryColumn, gpkgNoSpatialReference, gpkgSQLite, gpkgSQLiteTable
    case xfTooLong, xfOutOfMemory, xfEmptyOrNotXML, xfExtraContent, xfInvalidCharacterReference, xfInvalidCharacter, xfCharacterReferenceOutsideRoot, xfEntityReferenceOutsideRoot, xfParameterEntity, xfUndefinedEntity, xfUnusableEntity, xfEncoding, xfUnclosedQuote, xfEntityDeclaration, xfLessThanInAttribute, xfMalformedAttribute, xfDuplicateAttribute, xfOpenComment, xfOpenInstruction, xfDoctype, xfXmlDeclaration, xfCdata, xfReservedName, xfAttributeSpace, xfMalformedTag, xfMismatchedEndTag, xfEndsBeforeClose, xfDoubleHyphenInComment, xfUri, xfNameTooLong, xfOther, xmlInvalidUnicode, xmlNotUTF8, xmlEndsEarly, xmlEndsEarlyInside, xmlNul, xmlDoubleHyphen, xmlFloodAttributes, xmlFloodDeclarations, xmlFloodNames, xmlFloodParameterReferences, xmlFloodEntityReferences, xmlNotXML
    case shpTableAlone, shpPart, shpMissingIndex, shpDamaged, shpCutShort, shpCodePage, ieStopped, ieStagingCopy, ieRejects, ieChangedWhileRead
    case noteCRSFormat, noteCRSGeoJSON, noteCRSOwn, noteExternalEntities, noteAndMore, noteNoAttributeTable, noteShapefilesRead, noteUndecodable, noteNetworkLinks, noteTitleLines, irNotTransformable, irDegreesUnderCRS, skippedCount, irRejected
    // Tabs, detents, focus.
    case tabMap, tabTimeline, tabImport, tabSettings
    case sheetShownOf
    // Places, properties, export.
    case placePrompt, placeHint, importKept, stPlaceNames, stPlaceKorean, stPlaceEnglish, stExport, stExportHint, stGeoNames, stGSHHG, hGoToPlace, listIndexing, listIndexingElsewhere
    case detentSmall, detentMedium, detentLarge
    case focusMap, focusList
    // Status line.
    case statusDragging, statusInView, statusSearch, statusPointer, statusPointerOffMap, statusCentre, statusHelp, statusSaving, legendPin, legendPinTitled, legendPins, legendShade, legendShadeNote, legendClick
    // Sheet.
    case sheetPinsInView, sheetOpenHint, sheetFilter, sheetSettlesOn
    case orderRelevance, orderNewest, orderTitle, orderDistance, orderNewestCapped, orderSearchCapped
    case listNoPinsYet, listNoMatch, listNoPinsInView, listNoFilteredPinsInView, listEveryCategoryOff, listMoreElsewhere, listMoreElsewhereTyping, listNoMatchAnywhere, listNoMatchCapped
    case searchPrompt, searchHint
    // A store's failures by kind (`S.storeError`).
    case seServer, seService, seUnreachable, seUnreachableNoDatabase, seLost, seNotAnswering, seStoppedAnswering, seMayNotWrite, seMayNotRead, seReadOnlyServer, seChangedElsewhere, seWrongVersion, sePinGone, seTextNotKept, seBusy, seBusyHolder, seDiskFull, seReadOnlyStore, seReadOnlyFolder
    // Messages.
    case msgPasteNeedsField, msgPasteCut, msgASCIIMap, msgBrailleMap, msgSheetAlready, msgDetentUnavailable
    case msgSortedBy, msgListInertKey, msgListInertMouse, msgNoPinsInView, msgClosestZoom, msgWholeWorld, msgKeyUnbound, msgKeyOnMapTab
    case msgClusterZoomed, msgNothingToUndo, msgSelectPinFirst, msgSelectPinFirstAtSmall, msgNothingDeleted, msgNothingChanged, msgFocus, msgFocusListInert
    case msgSearchKept, msgColourOff, msgSortCapped, msgLoadedSamples, msgSamplesPresent, msgSamplesFailed
    case msgStoreError, msgSettingNotSaved, msgNoPinsToFit, msgFitted, msgFittedFiltered, msgFittedFound, msgSearching
    case msgIndexingStopped
    // Notices.
    case noticeAdded, noticeAddedText, noticeUpdated, noticeUpdatedText
    case noticeDeleted, noticeDeletedText, noticeNotDeleted, noticeNotDeletedGone, noticeNotDeletedText
    case noticeRestored, noticeRestoredText, noticeNotRestored, noticeNotRestoredText
    case noticeImported, noticeImportFailed, noticeImportStopped, importStoppedText, hintImportRunning, hintImportCommitting, importCommitting, importWaitsForIndexing, importIndexingCommitted, jobUndoingImport, noticeImportFailedText
    case noticeIndexingFailed, noticeIndexingFailedText, noticeCloseHint
    // Help.
    case helpTitle, helpTabKeys, helpGeneral, helpGeneralOutsideField, helpSheet, helpFocus, helpMap, helpPins, helpSearch, helpMouse
    case helpTimeline, helpImport, helpSettings
    case hShowHelp, hQuit, hNextTab, hPreviousTab, hMapTab, hTimelineTab, hImportTab, hSettingsTab
    case hRaise, hLower, hSmall, hMedium, hLarge, hSheetEsc, hFilter, hSort
    case hToggleFocus, hUp, hDown, hLeft, hRight, hPageUp, hPageDown, hHome, hEnd
    case hZoomIn, hZoomOut, hWorld, hFit, hASCII, hSamples
    case hOpen, hAdd, hEdit, hDelete, hUndo, hSearch
    case hSearchType, hSearchEnter, hSearchEsc, hSearchArrows, hSearchPaste
    case hTimelineDay, hTimelineWeek, hTimelineMonth, hTimelinePins, hTimelineOpen
    case hImportType, hImportComplete, hImportPick, hImportEnter, hImportEsc, hImportEdit, hImportQuoted, hImportYes, hImportStop, hImportUndo, hImportScroll
    case hSettingsMove, hSettingsChange, hSettingsClick
    case mDragGrabber, mClickGrabber, mClickTab, mClickPin, mDragMap, mWheelMap, mWheelList, mRight, mSecondClick
    case mClickSettings, mClickFile, mClickCount, mClickFilter, mClickDay
    // One-line hints of the tabs.
    case hintTimeline, hintImport, hintImportEditing, hintSettings
    // Import tab.
    case importTitle, importFormats, importFile, importNeedPath, importFilesHere, importNoFiles, importing, importColumns, importFirstRows
    case importNoMatch, importNoFolder, ieNeitherGPXNorKML, placeNoMatch, importNoDataRows, ieEmptyFile, ieBinary, ieExcel, ieODS, ieNumbers, ieUnknownEncoding
    // Pasting, indexing, the key and mouse words of help, Settings' import batches.
    case pasteLineBreaks
    case idxQStops
    // Work off the UI thread: the status line while a job runs, and what q leaves printed.
    case jobImporting, jobImportCommitting, quitIndexed, quitWaitCommit, quitWaitRollback, quitWaitWrites, quitNotSaved, quitUnanswered
    case idxIndexing, idxElsewhere, idxRebuilding, kType, kPaste, kClick, kDragGrabber, kClickGrabber, kClickTab, kClickPin, kDragMap, kWheelMap, kWheelList, kRightButton, kSecondClick, kClickRow, kClickFile, kClickCount, kClickFilter, kClickDay
    case stBatch, stBatchPins, stBatchLeft, stBatchGrown
    case dtCommentDeleted, dtCommentDeleteFailed
    case dtPinGone, dtPinGoneKeys, dtPinBack, seLostRead, seNotAnsweringRead
    case tlMonths, tlWeekdays, tlMonthTitle, tlNoPins, tlAllCategories, tlPins, tlOnePin, stStore, stPath, stSize, stImports, stNoImports, stOlderImports, stSettings, stSensitivity, stSensitivityValue, stReducedMotion, stReducedOn, stReducedOff, stMapMode, stMapASCII, stMapBraille, stColour, stOn, stOff, stColourUnavailable, stDetent, stData, stNaturalEarth, stSamples, fmTitle, fmDescription, fmCategory, fmLatitude, fmLongitude, fmEdit, fmAdd, fmHint, fmNeedsTitle, fmNotSaved, cfDeletePin, cfDeleteComment, cfDeletePinText, cfDelete, cfCancel, cfHint, dtCloses, dtCreated, dtNoDescription, dtMoreBelow, dtAcross, dtComments, dtCommentKeys, dtNoComments, dtNewComment, dtNewCommentHint, dtKeys, dtEmptyComment, dtNoCommentToDelete, dtCommentAdded, dtCommentFailed, dtCommentsFailed, flTitle, flHint, flNone, flNoCategory, ntCloses, tooSmall, tooSmallNow, tooSmallShort, tooSmallNeed
    case hSearchFit
    case searchInView, searchKeptHeader, searchEditHint, searchWaiting, searchUnreachable, searchKeptUnreachable, listSearchUnreachable
    case msgBrailleNeedsUTF8, plCountry, plLargestCity, plCity
    // A store others write to too (a shared server, a file another pinmap opened).
    case cnTitle, cnHint, cnKeepMine, cnTakeTheirs, cnTookTheirs, cnTookTheirsWriting, cnNotDeleted
    // The conflict pop-up's versions, field by field, its help, and the edit form it goes back to.
    case cnTheirs, cnYours, cnCoordinates, cnEmpty, cnMoreFields, fmEditChanged, fmDiscardAsk, dtDiscardAsk
    // A save merged with a change made elsewhere (`PinMerge`): the pop-up's line, the notice.
    case cnMerged, cnByMine, cnByTheirs, cnByBoth, cnFieldsJoin, cnGroupsJoin, noticeUpdatedKept
    case helpConflict, hcKeepMine, hcTakeTheirs, hcBack, hcChoose
    // An edit of a pin deleted elsewhere meanwhile.
    case cnDeletedTitle, cnDeletedText, cnAddAsNew, cnDiscard, cnDeletedHint, cnDiscarded
    case chElsewhere, chBy, chChanged, chAdded, chOneAdded, chEdited, chOneEdited, chTitleEdited, chDeleted, chOneDeleted, chTitleDeleted, chComments, chCommentsAdded, chCommentsDeleted, chReconnecting, chRefused, chReconnected, stServer, stExportHintServer
    // What a tab has not read yet (on its way, or the store unreachable): never shown as empty.
    case tlReading, tlNotRead, stSizeNotRead, stNotRead
    // Importer row reasons, one per `ImportRule` (PinImport keeps its English sentence for the CLI).
    case irExtraFields, irMinutes, irSeconds, irWrongHemisphere, irSignAndHemisphere, irNotAPoint, irEmptyPoint, irPointArity, irMalformedWKT, irSRID, irUnterminatedQuote, irInvalidFeature, irRefusedByStore, irNulCharacter, irNoCoordinates

    // Undoing an import from the app, and a cleared search.
    case msgSearchCleared, cfUndoImport, cfUndoImportText, cfUndoImportNone, cfUndo, msgNothingRemoved, noticeImportUndone, msgImportUndone
    case noticeUndoRefused, noticeUndoRefusedText, msgImportGone, noticeUndoFailed, hintSettingsImport, hintImportResultUndo, hintImportPickAnother, cfHintUndo

    /// The string in the current language (English when a table lacks it, which a test forbids).
    public var text: String { Strings.table[self] ?? Strings.english[self] ?? rawValue }

    /// The string with `{0}`, `{1}`, … replaced by `arguments` in order, and `{0:one|other}`
    /// by `one` when argument 0 is `1`, else by `other` (English plurals: `{0} {0:pin|pins}`).
    /// Only the typed functions of `StringsArguments.swift` call it.
    func filled(_ arguments: [String]) -> String {
        var out = ""
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{") {
            out += rest[..<open]
            guard let close = rest[open...].firstIndex(of: "}"),
                  let index = rest[rest.index(after: open)...].first?.wholeNumberValue, index < arguments.count else {
                out.append("{")
                rest = rest[rest.index(after: open)...]
                continue
            }
            let inside = rest[rest.index(after: open)..<close].dropFirst()
            if inside.isEmpty {
                out += arguments[index]
            } else if inside.first == ":" {
                let forms = inside.dropFirst().split(separator: "|", maxSplits: 1, omittingEmptySubsequences: false)
                out += arguments[index] == "1" || forms.count < 2 ? forms[0] : forms[1]
            } else {
                out += rest[open...close]
            }
            rest = rest[rest.index(after: close)...]
        }
        return out + rest
    }
}

/// The string tables: English (`StringsEnglish.swift`) and Korean (`StringsKorean.swift`).
public enum Strings {
    /// The language of the strings looked up now: the state's while `update` and `render`
    /// run (`AppState.language`, bound with `speaking`), else the process's default (the
    /// command line's, from the locale at start: `Language.from(environment:)`).
    public static var language: Language {
        get { bound ?? processDefault }
        set { processDefault = newValue }
    }

    /// Runs `body` with every `S` lookup in `language` (on this thread, for its length).
    public static func speaking<T>(_ language: Language, _ body: () throws -> T) rethrows -> T {
        try $bound.withValue(language, operation: body)
    }

    @TaskLocal private static var bound: Language?
    /// The command line's language (and the initial state's, `AppEnvironment.language`).
    nonisolated(unsafe) private static var processDefault: Language = .english

    static var table: [S: String] { language == .korean ? korean : english }
}
