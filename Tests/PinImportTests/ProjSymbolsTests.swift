import CProj
@testable import PinImport
import XCTest

/// `ProjSymbols`' function types are written by hand (the loader cannot check them); this
/// target links libproj, so building the table from the header's own functions fails to
/// compile when a type differs from proj.h's.
final class ProjSymbolsTests: XCTestCase {
    func testEachFunctionHasTheHeadersTypeAndTheLoadedLibraryResolvesASystem() throws {
        _ = ProjSymbols(
            proj_context_create: proj_context_create,
            proj_context_destroy: proj_context_destroy,
            proj_context_errno: proj_context_errno,
            proj_context_errno_string: proj_context_errno_string,
            proj_coord: proj_coord,
            proj_create: proj_create,
            proj_create_crs_to_crs: proj_create_crs_to_crs,
            proj_create_crs_to_crs_from_pj: proj_create_crs_to_crs_from_pj,
            proj_destroy: proj_destroy,
            proj_get_id_auth_name: proj_get_id_auth_name,
            proj_get_id_code: proj_get_id_code,
            proj_get_name: proj_get_name,
            proj_get_type: proj_get_type,
            proj_identify: proj_identify,
            proj_int_list_destroy: proj_int_list_destroy,
            proj_is_crs: proj_is_crs,
            proj_is_equivalent_to_with_ctx: proj_is_equivalent_to_with_ctx,
            proj_list_destroy: proj_list_destroy,
            proj_list_get: proj_list_get,
            proj_list_get_count: proj_list_get_count,
            proj_log_func: proj_log_func,
            proj_log_level: proj_log_level,
            proj_normalize_for_visualization: proj_normalize_for_visualization,
            proj_trans: proj_trans)
        let system = try CoordinateSystem("EPSG:5186")
        XCTAssertEqual(system.label, "EPSG:5186, Korea 2000 / Central Belt 2010")
    }
}
