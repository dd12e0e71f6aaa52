import CProj
import Foundation
import PinModel
import Support
import Glibc

/// A coordinate reference system resolved by PROJ (libproj, with proj-data's `proj.db`), and
/// the operation from it to WGS84 longitude, latitude in degrees.
///
/// - Definitions: anything `proj_create` reads: `EPSG:5186`, `OGC:CRS84`, a WKT (a
///   Shapefile's `.prj`, a GeoPackage's `gpkg_spatial_ref_sys.definition`) or PROJJSON.
/// - Axis order: normalised for visualisation (`proj_normalize_for_visualization`), so `x` is
///   the easting or longitude and `y` the northing or latitude whatever order the system's
///   definition gives, as GIS files write them.
/// - Accuracy: the operation PROJ chooses for each point (`proj_create_crs_to_crs` without an
///   area of use), as `cs2cs` does; the tests hold it within 1 m of `cs2cs`.
/// - A system equivalent to WGS84 longitude, latitude (EPSG:4326, CRS84) is not transformed:
///   its numbers pass through unchanged, so a round trip stays exact.
///
/// Each value owns its own `PJ_CONTEXT` (PROJ's contexts are not thread-safe); use one value
/// from one thread at a time (a reader moves to the import's reading thread with it).
public final class CoordinateSystem: @unchecked Sendable {
    /// Why a definition cannot be used, as values (`description`: the English sentence naming it).
    public struct Failure: Error, Equatable, CustomStringConvertible {
        public var problem: CoordinateSystemProblem
        public var description: String { problem.sentence }
    }

    /// `EPSG:5186`, when PROJ knows an authority code for the system (as given, or identified
    /// from a WKT with at least 90% confidence); nil otherwise.
    public let identifier: String?
    /// PROJ's name of the system, e.g. `Korea 2000 / Central Belt 2010`.
    public let name: String
    /// Whether the numbers are WGS84 longitude, latitude already (no transformation).
    public let isWGS84: Bool
    /// Whether the system's coordinates are angles (a geographic system such as EPSG:4167):
    /// degree-sized numbers in `latitude`/`longitude` columns are then what it expects.
    public let isGeographic: Bool

    private let context: OpaquePointer
    private let operation: OpaquePointer?

    /// What reports and the preview show: `EPSG:5186, Korea 2000 / Central Belt 2010`.
    public var label: String { identifier.map { "\($0), \(name)" } ?? name }

    /// Resolves `definition`.
    /// - Throws: `Failure` naming the definition (shortened) and PROJ's reason, when PROJ
    ///   cannot read it, it is not a coordinate reference system, or no operation leads to WGS84;
    ///   `.projMissing` when libproj cannot be opened.
    public init(_ definition: String) throws(Failure) {
        do throws(SharedLibrary.LoadFailure) {
            try Proj.load()
        } catch {
            throw Failure(problem: .projMissing(reason: error.reason))
        }
        guard let ctx = Proj.proj_context_create() else { throw Failure(problem: .projUnavailable) }
        // Failures are reported here, in one sentence, not on stderr (PROJ 9.1 still logs a
        // missing proj.db at level NONE: a logger that drops everything).
        Proj.proj_log_level(ctx, PJ_LOG_NONE)
        Proj.proj_log_func(ctx, nil) { _, _, _ in }
        // On a failure the context goes last, after the objects made in it (the defers below
        // this one run first).
        var kept = false
        defer { if !kept { Proj.proj_context_destroy(ctx) } }
        let shown = Self.shown(definition)
        func fail(_ cause: CoordinateSystemProblem.Cause, hint: Bool = false) -> Failure {
            Failure(problem: .unknown(definition: shown, cause, missingDatabase: hint && Self.databaseMissing(ctx)))
        }
        let trimmed = trimmedText(definition.replacingOccurrences(of: "\u{FEFF}", with: ""))
        guard !trimmed.isEmpty else { throw fail(.empty) }
        // PROJ also looks bare words up by name, loosely ("foo" finds Amersfoort): only
        // definitions that say what they are.
        guard Self.isDefinition(trimmed) else {
            throw fail(.notADefinition)
        }
        guard let source = Proj.proj_create(ctx, Self.asCRS(trimmed)) else {
            throw fail(.unreadable(proj: Self.reason(ctx)), hint: true)
        }
        defer { Proj.proj_destroy(source) }
        guard Proj.proj_is_crs(source) != 0 else {
            throw fail(.operation)
        }
        let id = Self.identifier(ctx, source)
        let wgs84 = Self.isWGS84(ctx, source)
        var op: OpaquePointer? = nil
        if !wgs84 {
            guard let target = Proj.proj_create(ctx, "EPSG:4326") else {
                throw fail(.noWGS84, hint: true)
            }
            defer { Proj.proj_destroy(target) }
            guard let raw = Proj.proj_create_crs_to_crs_from_pj(ctx, source, target, nil, nil) else {
                throw fail(.noOperation(proj: Self.reason(ctx)), hint: true)
            }
            op = Proj.proj_normalize_for_visualization(ctx, raw)
            Proj.proj_destroy(raw)
            guard op != nil else { throw fail(.axisOrder(proj: Self.reason(ctx))) }
        }
        kept = true
        context = ctx
        operation = op
        identifier = id
        name = Proj.proj_get_name(source).map { String(cString: $0) } ?? shown
        isWGS84 = wgs84
        isGeographic = [PJ_TYPE_GEOGRAPHIC_CRS, PJ_TYPE_GEOGRAPHIC_2D_CRS, PJ_TYPE_GEOGRAPHIC_3D_CRS].contains(Proj.proj_get_type(source))
    }

    deinit {
        if let operation { Proj.proj_destroy(operation) }
        Proj.proj_context_destroy(context)
    }

    /// WGS84 longitude, latitude in degrees of the point (`x`, `y`) in this system (easting,
    /// northing or longitude, latitude; metres or degrees as the system says); nil when PROJ
    /// cannot transform it (outside every operation's area, or not finite).
    public func toWGS84(x: Double, y: Double) -> (longitude: Double, latitude: Double)? {
        guard let operation else { return (x, y) }
        guard x.isFinite, y.isFinite else { return nil }
        let out = Proj.proj_trans(operation, PJ_FWD, Proj.proj_coord(x, y, 0, 0))
        let lon = out.xy.x, lat = out.xy.y
        guard lon.isFinite, lat.isFinite, lon != .infinity else { return nil }
        return (lon, lat)
    }

    // MARK: - Helpers

    /// Whether `crs` is WGS84 longitude/latitude in degrees (either axis order).
    private static func isWGS84(_ ctx: OpaquePointer, _ crs: OpaquePointer) -> Bool {
        guard let wgs = Proj.proj_create(ctx, "EPSG:4326") else { return false }
        defer { Proj.proj_destroy(wgs) }
        return Proj.proj_is_equivalent_to_with_ctx(ctx, crs, wgs, PJ_COMP_EQUIVALENT_EXCEPT_AXIS_ORDER_GEOGCRS) != 0
    }

    /// `AUTH:CODE` of the system as given, else the best identification (≥ 90%) PROJ finds.
    private static func identifier(_ ctx: OpaquePointer, _ crs: OpaquePointer) -> String? {
        if let auth = Proj.proj_get_id_auth_name(crs, 0), let code = Proj.proj_get_id_code(crs, 0) {
            return "\(String(cString: auth)):\(String(cString: code))"
        }
        var confidence: UnsafeMutablePointer<Int32>? = nil
        guard let list = Proj.proj_identify(ctx, crs, "EPSG", nil, &confidence) else { return nil }
        defer { Proj.proj_list_destroy(list); Proj.proj_int_list_destroy(confidence) }
        guard Proj.proj_list_get_count(list) > 0, let c = confidence, c[0] >= 90,
              let best = Proj.proj_list_get(ctx, list, 0) else { return nil }
        defer { Proj.proj_destroy(best) }
        guard let auth = Proj.proj_get_id_auth_name(best, 0), let code = Proj.proj_get_id_code(best, 0) else { return nil }
        return "\(String(cString: auth)):\(String(cString: code))"
    }

    /// Whether `text` has the shape of a definition: `AUTH:CODE`, a URN, WKT (`KEYWORD[`),
    /// PROJJSON (`{`) or a PROJ string (`+proj=`).
    private static func isDefinition(_ text: String) -> Bool {
        if text.hasPrefix("{") || text.hasPrefix("+") || text.lowercased().hasPrefix("urn:") { return true }
        let keyword = text.prefix { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
        if text.dropFirst(keyword.count).first == "[" || text.dropFirst(keyword.count).first == "(" { return !keyword.isEmpty }
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        return parts.count == 2 && !parts[0].isEmpty && !parts[1].isEmpty
            && parts[0].allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }
            && !parts[1].contains(" ")
    }

    /// `text` as PROJ reads a coordinate reference system: a PROJ string (`+proj=tmerc …`, as
    /// spatialreference.org and older GIS programs write one) is an operation to PROJ 6 and
    /// later unless it carries `+type=crs`, so it gets one; anything else is unchanged.
    static func asCRS(_ text: String) -> String {
        guard text.hasPrefix("+") else { return text }
        let words = text.split(whereSeparator: \.isWhitespace)
        return words.contains { $0.lowercased().hasPrefix("+type=") } ? text : text + " +type=crs"
    }

    /// PROJ's message for the context's last error.
    private static func reason(_ ctx: OpaquePointer) -> String {
        let code = Proj.proj_context_errno(ctx)
        // PROJ 9 words "no such code in proj.db" as "Unknown error (code 4096)": say it plainly.
        guard code != 0, let text = Proj.proj_context_errno_string(ctx, code),
              !String(cString: text).hasPrefix("Unknown error") else {
            return "PROJ knows no such system (not an authority code in its database, nor a WKT or PROJ string it can read)"
        }
        return String(cString: text)
    }

    /// Whether PROJ's database is missing: it cannot even make WGS84 (Debian: the proj-data
    /// package, or `PROJ_DATA`).
    private static func databaseMissing(_ ctx: OpaquePointer) -> Bool {
        Proj.proj_create(ctx, "EPSG:4326").map({ Proj.proj_destroy($0); return true }) == nil
    }

    /// The definition as named in messages: a WKT by its first 60 characters.
    private static func shown(_ definition: String) -> String {
        let one = definition.split(whereSeparator: { $0 == "\n" || $0 == "\r" }).joined(separator: " ")
        return "\"" + (one.count > 60 ? String(one.prefix(60)) + "…" : one) + "\""
    }
}
