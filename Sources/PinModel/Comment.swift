/// A dated comment on a pin (Pinit's reviews). `createdAt` is ISO 8601 UTC.
public struct Comment: Sendable, Equatable, Hashable {
    public var id: Int64
    public var pinID: Int64
    public var body: String
    public var createdAt: String

    public init(id: Int64, pinID: Int64, body: String, createdAt: String) {
        self.id = id; self.pinID = pinID; self.body = body; self.createdAt = createdAt
    }

    enum CodingKeys: String, CodingKey {
        case id, body
        case pinID = "pin_id", createdAt = "created_at"
    }
}
