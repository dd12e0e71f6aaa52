import CLibpq
import PinModel

/// A read transaction in fewer waits for the server: a frame's reads are a few short
/// statements, most of its time the round trips (each a scheduling wait on a busy machine).
/// Its BEGIN goes with its first statement, in one message (libpq's pipeline mode); its
/// COMMIT is sent without waiting, and its answer read before the connection's next
/// statement (by then it has long arrived). A transaction that read nothing is never begun.
///
/// The caches stay exact: the server never sends an announcement inside a transaction, so
/// the ones that arrive with the BEGIN were all committed before the transaction's snapshot.
extension PGConnection {
    /// Runs `body` in one read transaction begun with `begin` (nested calls join the outer
    /// one); what `body` throws is thrown after a ROLLBACK.
    func readTransaction<T>(begin: String, _ body: () throws -> T) throws -> T {
        if transactionDepth > 0 { return try transaction(begin: begin, body) }
        readCommitAnswer()
        pendingBegin = begin
        transactionDepth = 1
        do {
            let value = try body()
            transactionDepth = 0
            if pendingBegin != nil { pendingBegin = nil } else { sendCommit() }
            return value
        } catch {
            transactionDepth = 0
            if pendingBegin != nil { pendingBegin = nil } else { _ = try? execute("ROLLBACK") }
            throw error
        }
    }

    /// Sends the read transaction's BEGIN now, alone, when it is still waiting for a
    /// statement (its answer brings the announcements committed before it).
    func beginPendingTransaction() throws(StoreError) {
        guard let begin = pendingBegin else { return }
        pendingBegin = nil
        do {
            try execute(begin)
        } catch {
            pendingBegin = begin  // not begun: the next statement tries again
            throw error
        }
    }

    /// COMMIT, without waiting for the answer (a read-only transaction has nothing to lose):
    /// `readCommitAnswer` reads it. If it cannot be sent, the connection is lost, and the
    /// next statement finds it so.
    private func sendCommit() {
        guard let handle else { return }
        if Libpq.PQsendQuery(handle, "COMMIT") == 1 { commitInFlight = true }
    }

    /// Reads the answer of a COMMIT sent without waiting, if any (before anything else is
    /// sent or read on the connection).
    func readCommitAnswer() {
        guard commitInFlight, let handle else { return }
        commitInFlight = false
        while let r = Libpq.PQgetResult(handle) { Libpq.PQclear(r) }
    }

    /// `first` (no parameters) and `sql` with `params` in one message (pipeline mode), each
    /// answer read in turn; the answer of `sql`.
    /// - Throws: `StoreError`: `first` or `sql` failed, or the connection was lost.
    func pipelined(_ first: String, then sql: String, _ params: [String?]) throws(StoreError) -> PGResult {
        guard let handle else { throw PGErrorText.lostError }
        guard Libpq.PQenterPipelineMode(handle) == 1 else {
            try execute(first)
            return try execute(sql, params)
        }
        let sent = Libpq.PQsendQueryParams(handle, first, 0, nil, nil, nil, nil, 0) == 1
            && withOptionalCStrings(params, { p in Libpq.PQsendQueryParams(handle, sql, Int32(params.count), nil, p, nil, nil, 0) }) == 1
            && Libpq.PQpipelineSync(handle) == 1
        // Each statement's answer, then nil; then the sync. Two nils in a row: nothing more
        // comes (a lost connection).
        var answers: [OpaquePointer] = []
        var nils = 0
        while sent && nils < 2 {
            guard let r = Libpq.PQgetResult(handle) else { nils += 1; continue }
            nils = 0
            if Libpq.PQresultStatus(r) == PGRES_PIPELINE_SYNC { Libpq.PQclear(r); break }
            answers.append(r)
        }
        _ = Libpq.PQexitPipelineMode(handle)
        guard answers.count == 2 else {
            let reason = String(cString: Libpq.PQerrorMessage(handle))
            answers.forEach { Libpq.PQclear($0) }
            let up = upAfterFailure, lost = lostNow  // the failure's connection, not the one a reset makes
            if Libpq.PQpipelineStatus(handle) != PQ_PIPELINE_OFF { _ = reset() }  // never left half-read
            throw up ? StoreError(PGErrorText.server(reason, state: "")) : lost
        }
        do {
            _ = try check(answers[0])
        } catch {
            Libpq.PQclear(answers[1])
            throw error
        }
        return try check(answers[1], reading: Self.onlyReads(sql))
    }
}
