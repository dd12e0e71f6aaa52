import Foundation
import GeoMap
import PinmapCore
import PinModel

/// Performs one effect against a lane's store and posts its outcomes as events. Every
/// input comes with the effect (built by the core); it reads no app state and words
/// nothing: the core turns the outcomes into words.
struct EffectPerformer: @unchecked Sendable {
    /// Previews and imports files (the Import tab).
    let importer: FileImporter
    /// Imports the bundled sample pins into a store; returns how many were added.
    let loadSamples: (any PinRepository) throws -> Int

    /// Where the store is (`PinRepository.location`): the Settings tab names it even when
    /// nothing could be read.
    let location: String

    /// Until the change watch is open, store work waits (`WatchReadiness`).
    let watch = WatchReadiness()
    /// While the store does not answer (the change watch says when), store work fails at once.
    let reachability = StoreReachability()

    /// How many rows the import preview shows.
    static let previewRows = 6
    /// The longest store work waits for the change watch to open (seconds): about a
    /// connection's time; a server that does not answer fails the read itself.
    static let watchWait = 2.0

    func perform(_ effect: Effect, store connection: LaneConnection, _ job: JobContext) {
        // Effects that need no store.
        switch effect {
        case .listFolder(let path): return job.post(.importer(.folderListed(FolderReader.list(path))))
        case .previewImport(let path): return job.post(.importer(.previewed(importer.preview(path, Self.previewRows))))
        case .cancel, .cancelImport: return  // the runner's (`AppRunner.submit`)
        case .preparePlaceIndex:
            Gazetteer.prepareSearch()
            return job.post(.search(.placeIndexReady))
        default: break
        }
        watch.wait(timeout: Self.watchWait)
        // A server stopped or cut off is not waited for: each read would wait as long as its
        // connection lasts (or 5 s to connect), each write likewise. Failed at once, as the
        // core expects while it says "reconnecting…"; the reconnection reads everything again.
        if let lost = reachability.failure { return job.post(failure(of: effect, lost)) }
        let store: any PinRepository
        do { store = try connection.get() } catch { return job.post(failure(of: effect, error)) }
        switch effect {
        case .persist(let key, let value):
            do { try store.setSetting(key, value) } catch { job.post(.store(.settingNotSaved(key: key, error))) }
        case .loadSamples: job.post(.store(.samplesLoaded(importSamples(store), firstRun: false)))
        case .runImport(let path): runImport(path: path, store: store, job)  // AppRunner+Import.swift
        case .finishIndexing: finishIndexing(store: store, job)
        case .fitPins(let query, let announce):
            job.post(.view(.pinsBounds((try? store.boundingBox(matching: query)).flatMap { $0 }, announce: announce)))
        case .search(let text, let generation):
            let result: Result<SearchResults, StoreError>
            do { result = .success(try store.search(text)) } catch { result = .failure(error) }
            job.post(.search(.finished(generation: generation, result)))
        case .loadView(let request):
            do { job.post(.view(.loaded(try ViewLoader(store: store, request: request).load()))) } catch {
                job.post(.store(.failed(error as? StoreError ?? StoreError("\(error)"))))
            }
        case .loadListRows(let request):
            do { job.post(.view(.listRowsLoaded(request.query, try ViewLoader.moreListRows(request, store: store)))) } catch {
                job.post(.store(.failed(error as? StoreError ?? StoreError("\(error)"))))
            }
        case .loadTimeline(let request): job.post(.timeline(.loaded(request, Self.timeline(request, store: store))))
        case .restartTimeline:
            // A read that fails is a failed read, not a store without pins: the Timeline stays
            // on the day it shows (with what it read), not on today's, never read.
            do { job.post(.timeline(.restarted(newestPinDay: try Self.newestPinDay(store), today: Date()))) } catch {
                job.post(.store(.failed(error)))
            }
        case .loadStoreInfo:
            let (info, failure) = Self.storeInfo(store)
            job.post(.store(.infoLoaded(info, failure: failure)))
        case .loadComments(let pinID):
            // The detail page opened: its pin's properties, then its comments.
            job.post(.pins(.propertiesLoaded(pinID: pinID, (try? store.properties(ofPin: pinID)) ?? [])))
            if let event = Self.pinEvent(for: effect, store: store) { job.post(event) }
        case .addPin, .updatePin, .deletePin, .restorePin, .addComment, .deleteComment, .reloadComments:
            if let event = Self.pinEvent(for: effect, store: store) { job.post(event) }  // AppRunner+Pins.swift
        case .exportPins(let format): Self.exportPins(format, store: store, job)  // AppRunner+Export.swift
        case .undoImport(let row):
            job.post(.importer(.undoStarted(row)))
            job.post(.importer(.undone(row, Self.undoImport(row.id, store: store))))  // AppRunner+Import.swift
        case .listFolder, .previewImport, .cancel, .cancelImport, .preparePlaceIndex: break
        }
    }

    /// What the core hears when the lane's store cannot be opened for `effect`, or does not
    /// answer: each effect's own failure, so what waits for it stops waiting (the Timeline's
    /// day, the search, a comment, the Settings tab's facts with the store's name).
    func failure(of effect: Effect, _ error: StoreError) -> AppEvent {
        switch effect {
        case .loadStoreInfo: return .store(.infoLoaded(Self.storeNamed(location), failure: error))
        case .loadTimeline(let request): return .timeline(.loaded(request, .failure(error)))
        case .search(_, let generation): return .search(.finished(generation: generation, .failure(error)))
        case .addComment(let pinID, _): return .pins(.commentsLoaded(pinID: pinID, .failure(error), after: .addFailed(error)))
        case .deleteComment(let comment):
            return .pins(.commentsLoaded(pinID: comment.pinID, .failure(error), after: .deleteFailed(error)))
        case .loadComments(let pinID): return .pins(.commentsLoaded(pinID: pinID, .failure(error), after: .none))
        default: return Self.failure(of: effect, error)
        }
    }

    /// `failure(of:_:)` for the effects that need no store's name.
    static func failure(of effect: Effect, _ error: StoreError) -> AppEvent {
        switch effect {
        case .runImport(let path):
            let name = (path as NSString).lastPathComponent
            return .importer(.finished(name: name, .failure(ImportFailure(file: name, .store(.failed(error))))))
        case .finishIndexing: return .indexing(.finished(.failed(error)))
        case .persist(let key, _): return .store(.settingNotSaved(key: key, error))
        // A pin write whose connection could not be opened (a server down) fails as the
        // write itself would: its notice names the pin's action ("Pin not deleted").
        case .addPin(let pin, let unsure): return .pins(.written(.addFailed(pin, error, unsure: unsure)))
        case .updatePin(let edit): return .pins(.written(.updateFailed(edit, error)))
        case .deletePin(let id, _): return .pins(.written(.deleteFailed(id: id, error)))
        case .restorePin(let deleted): return .pins(.written(.restoreFailed(deleted, error)))
        default: return .store(.failed(error))
        }
    }

    func importSamples(_ store: any PinRepository) -> Result<Int, StoreError> {
        do { return .success(try loadSamples(store)) } catch let e as StoreError { return .failure(e) } catch {
            return .failure(StoreError("\(error)"))
        }
    }

    static func timeline(_ request: TimelineRequest, store: any PinRepository) -> Result<TimelineDay, StoreError> {
        do {
            return .success(TimelineDay(dayCounts: try store.days(inMonth: request.year, month: request.month),
                                        dayPins: try store.pins(onDay: request.day)))
        } catch {
            return .failure(error)
        }
    }

    /// The Settings tab's facts; a failure (the server unreachable) is told with the path
    /// alone, never read as "0 pins, no imports". The size is read last: it cannot say it failed.
    static func storeInfo(_ store: any PinRepository) -> (StoreInfo, failure: StoreError?) {
        var info = storeNamed(store.location)
        do {
            info.pinCount = try store.pinCellTotals().total  // not count(*): a scan with a million pins
            let batches = try store.recentImports(limit: AppState.importRowsShown + 1)
            info.batches = Array(batches.prefix(AppState.importRowsShown))
            info.olderImports = batches.count > AppState.importRowsShown
        } catch {
            return (info, error)
        }
        info.sizeBytes = store.sizeInBytes()
        return (info, nil)
    }

    /// The Settings tab's facts before any is read: where the store is (a file path may hold
    /// a URI's password too: masked), and whether it is a server.
    static func storeNamed(_ location: String) -> StoreInfo {
        var info = StoreInfo()
        info.path = PasswordMask.masked(location)
        info.isServer = location.hasPrefix("postgresql://")
        return info
    }

    /// The creation day of the newest pin (`2026-12-01`), nil when there is none.
    /// - Throws: `StoreError` when the pins cannot be read.
    static func newestPinDay(_ store: any PinRepository) throws(StoreError) -> String? {
        try store.pins(matching: PinQuery(limit: 1)).first.map { String($0.createdAt.prefix(10)) }
    }
}
