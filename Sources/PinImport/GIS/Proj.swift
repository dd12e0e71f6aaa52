import CProj
import Support

/// PROJ's functions that Pinmap calls, looked up in the library opened on first use
/// (`Proj`). The types are proj.h's declarations as Swift imports them (the module map gives
/// the types, and links nothing); `ProjSymbolsTests` checks each against the header.
struct ProjSymbols: Sendable {
    let proj_context_create: @convention(c) () -> OpaquePointer?
    let proj_context_destroy: @convention(c) (OpaquePointer?) -> OpaquePointer?
    let proj_context_errno: @convention(c) (OpaquePointer?) -> Int32
    let proj_context_errno_string: @convention(c) (OpaquePointer?, Int32) -> UnsafePointer<CChar>?
    let proj_coord: @convention(c) (Double, Double, Double, Double) -> PJ_COORD
    let proj_create: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> OpaquePointer?
    let proj_create_crs_to_crs: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, UnsafePointer<CChar>?, OpaquePointer?) -> OpaquePointer?
    let proj_create_crs_to_crs_from_pj: @convention(c) (OpaquePointer?, OpaquePointer?, OpaquePointer?, OpaquePointer?, UnsafePointer<UnsafePointer<CChar>?>?) -> OpaquePointer?
    let proj_destroy: @convention(c) (OpaquePointer?) -> OpaquePointer?
    let proj_get_id_auth_name: @convention(c) (OpaquePointer?, Int32) -> UnsafePointer<CChar>?
    let proj_get_id_code: @convention(c) (OpaquePointer?, Int32) -> UnsafePointer<CChar>?
    let proj_get_name: @convention(c) (OpaquePointer?) -> UnsafePointer<CChar>?
    let proj_get_type: @convention(c) (OpaquePointer?) -> PJ_TYPE
    let proj_identify: @convention(c) (OpaquePointer?, OpaquePointer?, UnsafePointer<CChar>?, UnsafePointer<UnsafePointer<CChar>?>?, UnsafeMutablePointer<UnsafeMutablePointer<Int32>?>?) -> OpaquePointer?
    let proj_int_list_destroy: @convention(c) (UnsafeMutablePointer<Int32>?) -> Void
    let proj_is_crs: @convention(c) (OpaquePointer?) -> Int32
    let proj_is_equivalent_to_with_ctx: @convention(c) (OpaquePointer?, OpaquePointer?, OpaquePointer?, PJ_COMPARISON_CRITERION) -> Int32
    let proj_list_destroy: @convention(c) (OpaquePointer?) -> Void
    let proj_list_get: @convention(c) (OpaquePointer?, OpaquePointer?, Int32) -> OpaquePointer?
    let proj_list_get_count: @convention(c) (OpaquePointer?) -> Int32
    let proj_log_func: @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?, PJ_LOG_FUNCTION?) -> Void
    let proj_log_level: @convention(c) (OpaquePointer?, PJ_LOG_LEVEL) -> PJ_LOG_LEVEL
    let proj_normalize_for_visualization: @convention(c) (OpaquePointer?, OpaquePointer?) -> OpaquePointer?
    let proj_trans: @convention(c) (OpaquePointer?, PJ_DIRECTION, PJ_COORD) -> PJ_COORD
}

extension ProjSymbols {
    /// Looks every function up in `library`.
    /// - Throws: `SharedLibrary.LoadFailure` naming the first missing symbol.
    init(_ library: SharedLibrary) throws(SharedLibrary.LoadFailure) {
        proj_context_create = try library.function("proj_context_create")
        proj_context_destroy = try library.function("proj_context_destroy")
        proj_context_errno = try library.function("proj_context_errno")
        proj_context_errno_string = try library.function("proj_context_errno_string")
        proj_coord = try library.function("proj_coord")
        proj_create = try library.function("proj_create")
        proj_create_crs_to_crs = try library.function("proj_create_crs_to_crs")
        proj_create_crs_to_crs_from_pj = try library.function("proj_create_crs_to_crs_from_pj")
        proj_destroy = try library.function("proj_destroy")
        proj_get_id_auth_name = try library.function("proj_get_id_auth_name")
        proj_get_id_code = try library.function("proj_get_id_code")
        proj_get_name = try library.function("proj_get_name")
        proj_get_type = try library.function("proj_get_type")
        proj_identify = try library.function("proj_identify")
        proj_int_list_destroy = try library.function("proj_int_list_destroy")
        proj_is_crs = try library.function("proj_is_crs")
        proj_is_equivalent_to_with_ctx = try library.function("proj_is_equivalent_to_with_ctx")
        proj_list_destroy = try library.function("proj_list_destroy")
        proj_list_get = try library.function("proj_list_get")
        proj_list_get_count = try library.function("proj_list_get_count")
        proj_log_func = try library.function("proj_log_func")
        proj_log_level = try library.function("proj_log_level")
        proj_normalize_for_visualization = try library.function("proj_normalize_for_visualization")
        proj_trans = try library.function("proj_trans")
    }
}

/// PROJ (libproj), opened when a coordinate system is first resolved, not linked: a linked
/// libproj (and the curl, TLS and TIFF libraries it links) would be loaded by every start of
/// `pinmap`, whose other commands never touch it. Its functions keep their C names
/// (`Proj.proj_create`) and Swift signatures.
enum Proj {
    /// Debian's libproj25 soname (PROJ 9), then libproj-dev's unversioned name.
    static let libraryNames = ["libproj.so.25", "libproj.so"]

    /// Opened by the first caller; Swift initialises a `static let` once, thread-safely.
    private static let loaded = Result { () throws(SharedLibrary.LoadFailure) in
        try ProjSymbols(SharedLibrary(libraryNames))
    }

    /// Opens libproj if it is not open yet. `CoordinateSystem` calls this first.
    /// - Throws: `SharedLibrary.LoadFailure` with the loader's reason when libproj is missing.
    static func load() throws(SharedLibrary.LoadFailure) {
        _ = try loaded.get()
    }

    private static var symbols: ProjSymbols {
        switch loaded {
        case .success(let symbols): return symbols
        // Unreachable: every caller comes after a `load()` that succeeded.
        case .failure(let failure): fatalError("libproj used after it failed to load: \(failure)")
        }
    }

    @discardableResult
    static func proj_context_create() -> OpaquePointer! { symbols.proj_context_create() }
    @discardableResult
    static func proj_context_destroy(_ ctx: OpaquePointer!) -> OpaquePointer! { symbols.proj_context_destroy(ctx) }
    @discardableResult
    static func proj_context_errno(_ ctx: OpaquePointer!) -> Int32 { symbols.proj_context_errno(ctx) }
    @discardableResult
    static func proj_context_errno_string(_ ctx: OpaquePointer!, _ err: Int32) -> UnsafePointer<CChar>! { symbols.proj_context_errno_string(ctx, err) }
    @discardableResult
    static func proj_coord(_ x: Double, _ y: Double, _ z: Double, _ t: Double) -> PJ_COORD { symbols.proj_coord(x, y, z, t) }
    @discardableResult
    static func proj_create(_ ctx: OpaquePointer!, _ definition: UnsafePointer<CChar>!) -> OpaquePointer! { symbols.proj_create(ctx, definition) }
    @discardableResult
    static func proj_create_crs_to_crs(_ ctx: OpaquePointer!, _ source_crs: UnsafePointer<CChar>!, _ target_crs: UnsafePointer<CChar>!, _ area: OpaquePointer!) -> OpaquePointer! { symbols.proj_create_crs_to_crs(ctx, source_crs, target_crs, area) }
    @discardableResult
    static func proj_create_crs_to_crs_from_pj(_ ctx: OpaquePointer!, _ source_crs: OpaquePointer!, _ target_crs: OpaquePointer!, _ area: OpaquePointer!, _ options: UnsafePointer<UnsafePointer<CChar>?>!) -> OpaquePointer! { symbols.proj_create_crs_to_crs_from_pj(ctx, source_crs, target_crs, area, options) }
    @discardableResult
    static func proj_destroy(_ P: OpaquePointer!) -> OpaquePointer! { symbols.proj_destroy(P) }
    @discardableResult
    static func proj_get_id_auth_name(_ obj: OpaquePointer!, _ index: Int32) -> UnsafePointer<CChar>! { symbols.proj_get_id_auth_name(obj, index) }
    @discardableResult
    static func proj_get_id_code(_ obj: OpaquePointer!, _ index: Int32) -> UnsafePointer<CChar>! { symbols.proj_get_id_code(obj, index) }
    @discardableResult
    static func proj_get_name(_ obj: OpaquePointer!) -> UnsafePointer<CChar>! { symbols.proj_get_name(obj) }
    @discardableResult
    static func proj_get_type(_ obj: OpaquePointer!) -> PJ_TYPE { symbols.proj_get_type(obj) }
    @discardableResult
    static func proj_identify(_ ctx: OpaquePointer!, _ obj: OpaquePointer!, _ auth_name: UnsafePointer<CChar>!, _ options: UnsafePointer<UnsafePointer<CChar>?>!, _ out_confidence: UnsafeMutablePointer<UnsafeMutablePointer<Int32>?>!) -> OpaquePointer! { symbols.proj_identify(ctx, obj, auth_name, options, out_confidence) }
    static func proj_int_list_destroy(_ list: UnsafeMutablePointer<Int32>!) { symbols.proj_int_list_destroy(list) }
    @discardableResult
    static func proj_is_crs(_ obj: OpaquePointer!) -> Int32 { symbols.proj_is_crs(obj) }
    @discardableResult
    static func proj_is_equivalent_to_with_ctx(_ ctx: OpaquePointer!, _ obj: OpaquePointer!, _ other: OpaquePointer!, _ criterion: PJ_COMPARISON_CRITERION) -> Int32 { symbols.proj_is_equivalent_to_with_ctx(ctx, obj, other, criterion) }
    static func proj_list_destroy(_ result: OpaquePointer!) { symbols.proj_list_destroy(result) }
    @discardableResult
    static func proj_list_get(_ ctx: OpaquePointer!, _ result: OpaquePointer!, _ index: Int32) -> OpaquePointer! { symbols.proj_list_get(ctx, result, index) }
    @discardableResult
    static func proj_list_get_count(_ result: OpaquePointer!) -> Int32 { symbols.proj_list_get_count(result) }
    static func proj_log_func(_ ctx: OpaquePointer!, _ app_data: UnsafeMutableRawPointer!, _ logf: PJ_LOG_FUNCTION!) { symbols.proj_log_func(ctx, app_data, logf) }
    @discardableResult
    static func proj_log_level(_ ctx: OpaquePointer!, _ log_level: PJ_LOG_LEVEL) -> PJ_LOG_LEVEL { symbols.proj_log_level(ctx, log_level) }
    @discardableResult
    static func proj_normalize_for_visualization(_ ctx: OpaquePointer!, _ obj: OpaquePointer!) -> OpaquePointer! { symbols.proj_normalize_for_visualization(ctx, obj) }
    @discardableResult
    static func proj_trans(_ P: OpaquePointer!, _ direction: PJ_DIRECTION, _ coord: PJ_COORD) -> PJ_COORD { symbols.proj_trans(P, direction, coord) }
}
