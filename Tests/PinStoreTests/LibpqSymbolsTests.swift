import CLibpq
@testable import PinStorePostgres
import XCTest

/// `LibpqSymbols`' function types are written by hand (the loader cannot check them); this
/// target links libpq, so building the table from the header's own functions fails to compile
/// when a type differs from libpq-fe.h's.
final class LibpqSymbolsTests: XCTestCase {
    func testEachFunctionHasTheHeadersTypeAndTheLoadedLibraryIsTheLinkedOne() throws {
        let linked = LibpqSymbols(
            PQbackendPID: PQbackendPID,
            PQclear: PQclear,
            PQcmdTuples: PQcmdTuples,
            PQconnectdbParams: PQconnectdbParams,
            PQconninfoFree: PQconninfoFree,
            PQconninfoParse: PQconninfoParse,
            PQconsumeInput: PQconsumeInput,
            PQdb: PQdb,
            PQenterPipelineMode: PQenterPipelineMode,
            PQerrorMessage: PQerrorMessage,
            PQexec: PQexec,
            PQexecParams: PQexecParams,
            PQexitPipelineMode: PQexitPipelineMode,
            PQfinish: PQfinish,
            PQfreemem: PQfreemem,
            PQgetResult: PQgetResult,
            PQgetlength: PQgetlength,
            PQgetisnull: PQgetisnull,
            PQgetvalue: PQgetvalue,
            PQhost: PQhost,
            PQisBusy: PQisBusy,
            PQnfields: PQnfields,
            PQnotifies: PQnotifies,
            PQntuples: PQntuples,
            PQpipelineStatus: PQpipelineStatus,
            PQpipelineSync: PQpipelineSync,
            PQport: PQport,
            PQputCopyData: PQputCopyData,
            PQputCopyEnd: PQputCopyEnd,
            PQreset: PQreset,
            PQresultErrorField: PQresultErrorField,
            PQresultErrorMessage: PQresultErrorMessage,
            PQresultStatus: PQresultStatus,
            PQsendQuery: PQsendQuery,
            PQsendQueryParams: PQsendQueryParams,
            PQsetNoticeProcessor: PQsetNoticeProcessor,
            PQsocket: PQsocket,
            PQstatus: PQstatus)
        try Libpq.load()
        XCTAssertEqual(Libpq.PQbackendPID(nil), linked.PQbackendPID(nil))
        XCTAssertEqual(PGLocation(uri: "postgresql://ada@db.example:5433/pins").description, "postgresql://ada@db.example:5433/pins")
    }
}
