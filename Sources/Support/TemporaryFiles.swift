import Foundation

/// The temporary files an output is being written to beside its final path (`.NAME.XXXXXX`,
/// renamed into place at the end), so that an interrupt handler can remove them before the
/// process ends: a Ctrl-C during `pinmap export -o big.gpkg` left `.big.gpkg.XXXXXX` behind,
/// as large as what had been written. (Not a store file a command made: another process may
/// have opened it meanwhile, and its writes would go to a file no longer there.)
///
/// `removeAll` is async-signal-safe: it only reads the table and calls `unlink(2)`. The table
/// holds at most `capacity` paths; a file noted beyond that is left on an interrupt, as before.
public enum TemporaryFiles {
    static let capacity = 16
    private static let lock = NSLock()

    /// Notes `path` (a temporary file just created).
    /// - Returns: the ticket `forget` takes; nil when the table is full.
    public static func note(_ path: String) -> Int? {
        lock.lock()
        defer { lock.unlock() }
        if temporarySlots == nil {
            let slots = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: capacity)
            slots.initialize(repeating: nil, count: capacity)
            temporarySlots = slots
        }
        guard let slots = temporarySlots, let free = (0..<capacity).first(where: { slots[$0] == nil }) else { return nil }
        slots[free] = strdup(path)
        return free
    }

    /// Forgets the file of `ticket` (renamed into place or removed). Its copy of the path is
    /// not freed: a handler running right now may still read it.
    public static func forget(_ ticket: Int?) {
        guard let ticket else { return }
        lock.lock()
        defer { lock.unlock() }
        temporarySlots?[ticket] = nil
    }

    /// Removes every file noted and not forgotten. For a signal handler, right before `_exit`.
    public static func removeAll() {
        guard let slots = temporarySlots else { return }
        for i in 0..<capacity {
            if let path = slots[i] { unlink(path) }
        }
    }
}

/// Read by the signal handler, which cannot capture context.
nonisolated(unsafe) private var temporarySlots: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
