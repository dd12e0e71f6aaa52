/// One of a pin's properties: its key, its value as text (strings as they are; numbers,
/// booleans, null, arrays and objects as JSON text), and whether the value is a JSON string.
public struct PinProperty: Sendable, Equatable, Hashable {
    public var key: String
    public var value: String
    public var isString: Bool

    public init(key: String, value: String, isString: Bool = true) {
        self.key = key; self.value = value; self.isString = isString
    }
}
