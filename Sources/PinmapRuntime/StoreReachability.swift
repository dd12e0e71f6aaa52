import Foundation
import PinModel

/// Whether the store answers, as the change watch last found (`ChangeWatcher`): shared by
/// the watch, which sets it, and the lanes, which fail their work at once while the store
/// does not answer (`EffectPerformer.perform`) instead of waiting on a server that is
/// stopped or cut off (a statement there waits as long as the connection lasts; a new
/// connection waits its `connect_timeout`, up to 5 s an address, each time).
final class StoreReachability: @unchecked Sendable {
    private let lock = NSLock()
    private var lostWith: StoreError?

    /// Why the store cannot be reached (as the watch last found it), nil while it answers.
    var failure: StoreError? { lock.withLock { lostWith } }

    /// The store stopped answering (or went), or why it cannot be reached changed (the server
    /// now refuses the login, or no longer does): `error` is what the lanes' work fails with,
    /// the reason the status line gives, not the loss before it ("lost the connection… try
    /// again when it is back" said of a login the server refuses).
    func lost(_ error: StoreError) { lock.withLock { lostWith = error } }

    /// The store answers again.
    func back() { lock.withLock { lostWith = nil } }
}
