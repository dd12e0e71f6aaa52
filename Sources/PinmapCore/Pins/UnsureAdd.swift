import PinModel

/// An add whose insert was sent but never answered (the server stopped answering): the server
/// may still do it once it answers, so the store may or may not hold the pin.
///
/// The form that comes back keeps it, and its next save carries it (`Effect.addPin`): the
/// runtime looks for the pin that add made first and writes the form's fields into it,
/// instead of adding a second copy (`EffectPerformer.pinAdded(by:_:)`).
public struct UnsureAdd: Sendable, Equatable, Hashable {
    /// The pin as that add sent it.
    public var pin: NewPin
    /// The highest pin id the store had given just before it was sent: the pin it made, if
    /// any, has a higher one.
    public var idsAbove: Int64

    public init(pin: NewPin, idsAbove: Int64) { self.pin = pin; self.idsAbove = idsAbove }
}
