import CLibpq
import Support

/// libpq's functions that Pinmap calls, looked up in the library opened on first use
/// (`Libpq`). The types are libpq-fe.h's declarations as Swift imports them (the module map
/// gives the types, and links nothing); `LibpqSymbolsTests` checks each against the header.
struct LibpqSymbols: Sendable {
    let PQbackendPID: @convention(c) (OpaquePointer?) -> Int32
    let PQclear: @convention(c) (OpaquePointer?) -> Void
    let PQcmdTuples: @convention(c) (OpaquePointer?) -> UnsafeMutablePointer<CChar>?
    let PQconnectdbParams: @convention(c) (UnsafePointer<UnsafePointer<CChar>?>?, UnsafePointer<UnsafePointer<CChar>?>?, Int32) -> OpaquePointer?
    let PQconninfoFree: @convention(c) (UnsafeMutablePointer<PQconninfoOption>?) -> Void
    let PQconninfoParse: @convention(c) (UnsafePointer<CChar>?, UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> UnsafeMutablePointer<PQconninfoOption>?
    let PQconsumeInput: @convention(c) (OpaquePointer?) -> Int32
    let PQdb: @convention(c) (OpaquePointer?) -> UnsafeMutablePointer<CChar>?
    let PQenterPipelineMode: @convention(c) (OpaquePointer?) -> Int32
    let PQerrorMessage: @convention(c) (OpaquePointer?) -> UnsafeMutablePointer<CChar>?
    let PQexec: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> OpaquePointer?
    let PQexecParams: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, Int32, UnsafePointer<Oid>?, UnsafePointer<UnsafePointer<CChar>?>?, UnsafePointer<Int32>?, UnsafePointer<Int32>?, Int32) -> OpaquePointer?
    let PQexitPipelineMode: @convention(c) (OpaquePointer?) -> Int32
    let PQfinish: @convention(c) (OpaquePointer?) -> Void
    let PQfreemem: @convention(c) (UnsafeMutableRawPointer?) -> Void
    let PQgetResult: @convention(c) (OpaquePointer?) -> OpaquePointer?
    let PQgetlength: @convention(c) (OpaquePointer?, Int32, Int32) -> Int32
    let PQgetisnull: @convention(c) (OpaquePointer?, Int32, Int32) -> Int32
    let PQgetvalue: @convention(c) (OpaquePointer?, Int32, Int32) -> UnsafeMutablePointer<CChar>?
    let PQhost: @convention(c) (OpaquePointer?) -> UnsafeMutablePointer<CChar>?
    let PQisBusy: @convention(c) (OpaquePointer?) -> Int32
    let PQnfields: @convention(c) (OpaquePointer?) -> Int32
    let PQnotifies: @convention(c) (OpaquePointer?) -> UnsafeMutablePointer<PGnotify>?
    let PQntuples: @convention(c) (OpaquePointer?) -> Int32
    let PQpipelineStatus: @convention(c) (OpaquePointer?) -> PGpipelineStatus
    let PQpipelineSync: @convention(c) (OpaquePointer?) -> Int32
    let PQport: @convention(c) (OpaquePointer?) -> UnsafeMutablePointer<CChar>?
    let PQputCopyData: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, Int32) -> Int32
    let PQputCopyEnd: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> Int32
    let PQreset: @convention(c) (OpaquePointer?) -> Void
    let PQresultErrorField: @convention(c) (OpaquePointer?, Int32) -> UnsafeMutablePointer<CChar>?
    let PQresultErrorMessage: @convention(c) (OpaquePointer?) -> UnsafeMutablePointer<CChar>?
    let PQresultStatus: @convention(c) (OpaquePointer?) -> ExecStatusType
    let PQsendQuery: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> Int32
    let PQsendQueryParams: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, Int32, UnsafePointer<Oid>?, UnsafePointer<UnsafePointer<CChar>?>?, UnsafePointer<Int32>?, UnsafePointer<Int32>?, Int32) -> Int32
    let PQsetNoticeProcessor: @convention(c) (OpaquePointer?, PQnoticeProcessor?, UnsafeMutableRawPointer?) -> PQnoticeProcessor?
    let PQsocket: @convention(c) (OpaquePointer?) -> Int32
    let PQstatus: @convention(c) (OpaquePointer?) -> ConnStatusType
}

extension LibpqSymbols {
    /// Looks every function up in `library`.
    /// - Throws: `SharedLibrary.LoadFailure` naming the first missing symbol.
    init(_ library: SharedLibrary) throws(SharedLibrary.LoadFailure) {
        PQbackendPID = try library.function("PQbackendPID")
        PQclear = try library.function("PQclear")
        PQcmdTuples = try library.function("PQcmdTuples")
        PQconnectdbParams = try library.function("PQconnectdbParams")
        PQconninfoFree = try library.function("PQconninfoFree")
        PQconninfoParse = try library.function("PQconninfoParse")
        PQconsumeInput = try library.function("PQconsumeInput")
        PQdb = try library.function("PQdb")
        PQenterPipelineMode = try library.function("PQenterPipelineMode")
        PQerrorMessage = try library.function("PQerrorMessage")
        PQexec = try library.function("PQexec")
        PQexecParams = try library.function("PQexecParams")
        PQexitPipelineMode = try library.function("PQexitPipelineMode")
        PQfinish = try library.function("PQfinish")
        PQfreemem = try library.function("PQfreemem")
        PQgetResult = try library.function("PQgetResult")
        PQgetlength = try library.function("PQgetlength")
        PQgetisnull = try library.function("PQgetisnull")
        PQgetvalue = try library.function("PQgetvalue")
        PQhost = try library.function("PQhost")
        PQisBusy = try library.function("PQisBusy")
        PQnfields = try library.function("PQnfields")
        PQnotifies = try library.function("PQnotifies")
        PQntuples = try library.function("PQntuples")
        PQpipelineStatus = try library.function("PQpipelineStatus")
        PQpipelineSync = try library.function("PQpipelineSync")
        PQport = try library.function("PQport")
        PQputCopyData = try library.function("PQputCopyData")
        PQputCopyEnd = try library.function("PQputCopyEnd")
        PQreset = try library.function("PQreset")
        PQresultErrorField = try library.function("PQresultErrorField")
        PQresultErrorMessage = try library.function("PQresultErrorMessage")
        PQresultStatus = try library.function("PQresultStatus")
        PQsendQuery = try library.function("PQsendQuery")
        PQsendQueryParams = try library.function("PQsendQueryParams")
        PQsetNoticeProcessor = try library.function("PQsetNoticeProcessor")
        PQsocket = try library.function("PQsocket")
        PQstatus = try library.function("PQstatus")
    }
}

/// libpq, the PostgreSQL client library, opened when a PostgreSQL store is first used, not
/// linked: a linked libpq (and the Kerberos, LDAP and TLS libraries it links) would be loaded
/// by every start of `pinmap`, whose other commands never touch it. Its functions keep their
/// C names (`Libpq.PQexec`) and Swift signatures.
enum Libpq {
    /// Debian's libpq5 soname, then libpq-dev's unversioned name.
    static let libraryNames = ["libpq.so.5", "libpq.so"]

    /// Opened by the first caller; Swift initialises a `static let` once, thread-safely.
    private static let loaded = Result { () throws(SharedLibrary.LoadFailure) in
        try LibpqSymbols(SharedLibrary(libraryNames))
    }

    /// Opens libpq if it is not open yet. Every path into a PostgreSQL store calls this first.
    /// - Throws: `SharedLibrary.LoadFailure` with the loader's reason when libpq is missing.
    static func load() throws(SharedLibrary.LoadFailure) {
        _ = try loaded.get()
    }

    /// Whether libpq could be opened (opening it, if not tried yet).
    static var isAvailable: Bool { (try? loaded.get()) != nil }

    private static var symbols: LibpqSymbols {
        switch loaded {
        case .success(let symbols): return symbols
        // Unreachable: every caller comes after a `load()` that succeeded.
        case .failure(let failure): fatalError("libpq used after it failed to load: \(failure)")
        }
    }

    @discardableResult
    static func PQbackendPID(_ conn: OpaquePointer!) -> Int32 { symbols.PQbackendPID(conn) }
    static func PQclear(_ res: OpaquePointer!) { symbols.PQclear(res) }
    @discardableResult
    static func PQcmdTuples(_ res: OpaquePointer!) -> UnsafeMutablePointer<CChar>! { symbols.PQcmdTuples(res) }
    @discardableResult
    static func PQconnectdbParams(_ keywords: UnsafePointer<UnsafePointer<CChar>?>!, _ values: UnsafePointer<UnsafePointer<CChar>?>!, _ expand_dbname: Int32) -> OpaquePointer! { symbols.PQconnectdbParams(keywords, values, expand_dbname) }
    static func PQconninfoFree(_ connOptions: UnsafeMutablePointer<PQconninfoOption>!) { symbols.PQconninfoFree(connOptions) }
    @discardableResult
    static func PQconninfoParse(_ conninfo: UnsafePointer<CChar>!, _ errmsg: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>!) -> UnsafeMutablePointer<PQconninfoOption>! { symbols.PQconninfoParse(conninfo, errmsg) }
    @discardableResult
    static func PQconsumeInput(_ conn: OpaquePointer!) -> Int32 { symbols.PQconsumeInput(conn) }
    @discardableResult
    static func PQdb(_ conn: OpaquePointer!) -> UnsafeMutablePointer<CChar>! { symbols.PQdb(conn) }
    @discardableResult
    static func PQenterPipelineMode(_ conn: OpaquePointer!) -> Int32 { symbols.PQenterPipelineMode(conn) }
    @discardableResult
    static func PQerrorMessage(_ conn: OpaquePointer!) -> UnsafeMutablePointer<CChar>! { symbols.PQerrorMessage(conn) }
    @discardableResult
    static func PQexec(_ conn: OpaquePointer!, _ query: UnsafePointer<CChar>!) -> OpaquePointer! { symbols.PQexec(conn, query) }
    @discardableResult
    static func PQexecParams(_ conn: OpaquePointer!, _ command: UnsafePointer<CChar>!, _ nParams: Int32, _ paramTypes: UnsafePointer<Oid>!, _ paramValues: UnsafePointer<UnsafePointer<CChar>?>!, _ paramLengths: UnsafePointer<Int32>!, _ paramFormats: UnsafePointer<Int32>!, _ resultFormat: Int32) -> OpaquePointer! { symbols.PQexecParams(conn, command, nParams, paramTypes, paramValues, paramLengths, paramFormats, resultFormat) }
    @discardableResult
    static func PQexitPipelineMode(_ conn: OpaquePointer!) -> Int32 { symbols.PQexitPipelineMode(conn) }
    static func PQfinish(_ conn: OpaquePointer!) { symbols.PQfinish(conn) }
    static func PQfreemem(_ ptr: UnsafeMutableRawPointer!) { symbols.PQfreemem(ptr) }
    @discardableResult
    static func PQgetResult(_ conn: OpaquePointer!) -> OpaquePointer! { symbols.PQgetResult(conn) }
    @discardableResult
    static func PQgetlength(_ res: OpaquePointer!, _ tup_num: Int32, _ field_num: Int32) -> Int32 { symbols.PQgetlength(res, tup_num, field_num) }
    @discardableResult
    static func PQgetisnull(_ res: OpaquePointer!, _ tup_num: Int32, _ field_num: Int32) -> Int32 { symbols.PQgetisnull(res, tup_num, field_num) }
    @discardableResult
    static func PQgetvalue(_ res: OpaquePointer!, _ tup_num: Int32, _ field_num: Int32) -> UnsafeMutablePointer<CChar>! { symbols.PQgetvalue(res, tup_num, field_num) }
    @discardableResult
    static func PQhost(_ conn: OpaquePointer!) -> UnsafeMutablePointer<CChar>! { symbols.PQhost(conn) }
    @discardableResult
    static func PQisBusy(_ conn: OpaquePointer!) -> Int32 { symbols.PQisBusy(conn) }
    @discardableResult
    static func PQnfields(_ res: OpaquePointer!) -> Int32 { symbols.PQnfields(res) }
    @discardableResult
    static func PQnotifies(_ conn: OpaquePointer!) -> UnsafeMutablePointer<PGnotify>! { symbols.PQnotifies(conn) }
    @discardableResult
    static func PQntuples(_ res: OpaquePointer!) -> Int32 { symbols.PQntuples(res) }
    @discardableResult
    static func PQpipelineStatus(_ conn: OpaquePointer!) -> PGpipelineStatus { symbols.PQpipelineStatus(conn) }
    @discardableResult
    static func PQpipelineSync(_ conn: OpaquePointer!) -> Int32 { symbols.PQpipelineSync(conn) }
    @discardableResult
    static func PQport(_ conn: OpaquePointer!) -> UnsafeMutablePointer<CChar>! { symbols.PQport(conn) }
    @discardableResult
    static func PQputCopyData(_ conn: OpaquePointer!, _ buffer: UnsafePointer<CChar>!, _ nbytes: Int32) -> Int32 { symbols.PQputCopyData(conn, buffer, nbytes) }
    @discardableResult
    static func PQputCopyEnd(_ conn: OpaquePointer!, _ errormsg: UnsafePointer<CChar>!) -> Int32 { symbols.PQputCopyEnd(conn, errormsg) }
    static func PQreset(_ conn: OpaquePointer!) { symbols.PQreset(conn) }
    @discardableResult
    static func PQresultErrorField(_ res: OpaquePointer!, _ fieldcode: Int32) -> UnsafeMutablePointer<CChar>! { symbols.PQresultErrorField(res, fieldcode) }
    @discardableResult
    static func PQresultErrorMessage(_ res: OpaquePointer!) -> UnsafeMutablePointer<CChar>! { symbols.PQresultErrorMessage(res) }
    @discardableResult
    static func PQresultStatus(_ res: OpaquePointer!) -> ExecStatusType { symbols.PQresultStatus(res) }
    @discardableResult
    static func PQsendQuery(_ conn: OpaquePointer!, _ query: UnsafePointer<CChar>!) -> Int32 { symbols.PQsendQuery(conn, query) }
    @discardableResult
    static func PQsendQueryParams(_ conn: OpaquePointer!, _ command: UnsafePointer<CChar>!, _ nParams: Int32, _ paramTypes: UnsafePointer<Oid>!, _ paramValues: UnsafePointer<UnsafePointer<CChar>?>!, _ paramLengths: UnsafePointer<Int32>!, _ paramFormats: UnsafePointer<Int32>!, _ resultFormat: Int32) -> Int32 { symbols.PQsendQueryParams(conn, command, nParams, paramTypes, paramValues, paramLengths, paramFormats, resultFormat) }
    @discardableResult
    static func PQsetNoticeProcessor(_ conn: OpaquePointer!, _ proc: PQnoticeProcessor!, _ arg: UnsafeMutableRawPointer!) -> PQnoticeProcessor! { symbols.PQsetNoticeProcessor(conn, proc, arg) }
    @discardableResult
    static func PQsocket(_ conn: OpaquePointer!) -> Int32 { symbols.PQsocket(conn) }
    @discardableResult
    static func PQstatus(_ conn: OpaquePointer!) -> ConnStatusType { symbols.PQstatus(conn) }
}
