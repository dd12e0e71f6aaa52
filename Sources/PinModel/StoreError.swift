/// A failure talking to SQLite, in the user's words (`StoreErrorText`: never SQL text), with
/// SQLite's result code for callers that branch on it.
public struct StoreError: Error, CustomStringConvertible, Sendable, Equatable {
    public var message: String
    public var code: Int32

    public init(_ message: String, code: Int32 = 1 /* SQLITE_ERROR */) {
        self.message = message; self.code = code
    }
    public var description: String { message }

    /// SQLite's `SQLITE_CONSTRAINT`: a rule of the pins was broken (`PinRules`).
    public static let constraint: Int32 = 19
    /// An edit or delete refused because the pin changed since it was read (its version moved).
    public static let changedElsewhere: Int32 = 1_003
    /// The message of a refused edit or delete of pin `id`, asked at version `expected`: a
    /// version the pin has not reached yet was never read, so it is named as a wrong version
    /// rather than as a change made elsewhere.
    public static func changed(id: Int64, expected: Int64, actual: Int64) -> StoreError {
        guard expected < actual else {
            return StoreError("pin \(id) is at version \(actual), not \(expected); nothing was changed (`pinmap show \(id) --json` gives its version)",
                              code: changedElsewhere)
        }
        return StoreError("pin \(id) changed elsewhere since you opened it (version \(expected), now \(actual)); nothing was changed",
                          code: changedElsewhere)
    }
}
