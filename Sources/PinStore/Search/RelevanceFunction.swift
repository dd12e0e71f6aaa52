import CSQLite
import PinModel

/// `pinmap_relevance(title, description, category, properties, text)`: the
/// `SearchRelevance` tier (0 best) of a pin for the search `text`, for ORDER BY and for
/// `Store.search`, which ranks up to 5,000 matches per keystroke: on the bytes when
/// `PlainRelevance` can, else through `SearchRelevance`.
enum RelevanceFunction {
    static let function: @convention(c) (OpaquePointer?, Int32, UnsafeMutablePointer<OpaquePointer?>?) -> Void = { ctx, argc, argv in
        guard argc == 5, let argv else { sqlite3_result_int(ctx, Int32(SearchRelevance.propertyOnly.rawValue)); return }
        let query = RelevanceFunction.query(ctx, argv[4])
        let tier = PlainRelevance.tier(title: bytes(argv[0]), description: bytes(argv[1]), category: bytes(argv[2]),
                                       properties: bytes(argv[3]), query: query) ?? SearchRelevance(
            title: text(argv[0]), description: text(argv[1]), category: text(argv[2]),
            properties: argv[3].map { sqlite3_value_type($0) == SQLITE_NULL ? "{}" : text($0) } ?? "{}", query: query.folded)
        sqlite3_result_int(ctx, Int32(tier.rawValue))
    }

    private static func query(_ ctx: OpaquePointer?, _ value: OpaquePointer?) -> PlainRelevance.Query {
        if let kept = sqlite3_get_auxdata(ctx, 4) { return Unmanaged<PlainRelevance.Query>.fromOpaque(kept).takeUnretainedValue() }
        let q = PlainRelevance.Query(text(value))
        sqlite3_set_auxdata(ctx, 4, Unmanaged.passRetained(q).toOpaque()) { p in
            if let p { Unmanaged<PlainRelevance.Query>.fromOpaque(p).release() }
        }
        return q
    }

    private static func text(_ value: OpaquePointer?) -> String {
        guard let p = sqlite3_value_text(value) else { return "" }
        return String(decoding: UnsafeBufferPointer(start: p, count: Int(sqlite3_value_bytes(value))), as: UTF8.self)
    }

    private static func bytes(_ value: OpaquePointer?) -> UnsafeBufferPointer<UInt8> {
        guard let p = sqlite3_value_text(value) else { return UnsafeBufferPointer(start: nil, count: 0) }
        return UnsafeBufferPointer(start: p, count: Int(sqlite3_value_bytes(value)))
    }
}
