import Foundation

/// The few facts the pure core needs from the process environment.
enum ProcessEnvironment {
    static var home: String? { ProcessInfo.processInfo.environment["HOME"] }
}
