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
}
