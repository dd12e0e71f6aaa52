import PinModel

/// The one place that words a store's failure for the UI, in the state's language: by its
/// kind (`StoreError.Kind`), the details that are data (a server, a path, the server's or
/// libpq's own reason) kept as they were; a failure without a kind by its own message.
extension S {
    /// `error` in the current language ("cannot connect to the PostgreSQL server db:5432 …").
    /// `reading`: the failure of a read, whose words never say "nothing was written" (that is
    /// said of a write, and a read may be read again by itself once the server is back).
    public static func storeError(_ error: StoreError, reading: Bool = false) -> String {
        guard let kind = error.kind else { return error.message }
        switch kind {
        case let .unreachable(server, database, reason):
            let named = server.hasPrefix("service ") ? seService.filled([String(server.dropFirst(8))]) : seServer.filled([server])
            return database.isEmpty ? seUnreachableNoDatabase.filled([named, reason]) : seUnreachable.filled([named, database, reason])
        case let .loginRefused(server, database, reason):
            return storeError(StoreError(error.message, code: error.code, kind: .unreachable(server: server, database: database, reason: reason)))
        case .connectionLost: return (reading ? seLostRead : seLost).text
        case .notAnswering(let seconds): return (reading ? seNotAnsweringRead : seNotAnswering).filled(["\(seconds)"])
        case .stoppedAnswering: return seStoppedAnswering.text
        case .mayNotWrite(let reason): return seMayNotWrite.filled([reason])
        case .mayNotRead(let reason): return seMayNotRead.filled([reason])
        case .readOnlyServer(let reason): return seReadOnlyServer.filled([reason])
        case let .changedElsewhere(id, expected, actual): return seChangedElsewhere.filled(["\(id)", "\(expected)", "\(actual)"])
        case let .wrongVersion(id, expected, actual): return seWrongVersion.filled(["\(id)", "\(expected)", "\(actual)"])
        case .pinGone(let id): return sePinGone.filled(["\(id)"])
        case .textNotKept(let field): return seTextNotKept.filled([fieldName(field)])
        case let .busy(holder, pid, seconds):
            guard let holder, let pid else { return seBusy.filled(["\(seconds)"]) }
            return seBusyHolder.filled([holder, "\(pid)", "\(seconds)"])
        case .diskFull(let path): return seDiskFull.filled([MessageText.quotedPath(path)])
        case .readOnlyStore(let path): return seReadOnlyStore.filled([MessageText.quotedPath(path)])
        case .readOnlyFolder(let folder): return seReadOnlyFolder.filled([MessageText.quotedPath(folder)])
        }
    }

    /// A pin field the store names ("title") in the current language; any other (a property,
    /// "the comment") as the store wrote it.
    private static func fieldName(_ field: String) -> String {
        switch field {
        case "title": fieldTitle.text
        case "description": fieldDescription.text
        case "category": fieldCategory.text
        default: field
        }
    }
}
