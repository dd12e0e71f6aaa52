import CMapData
import Foundation  // NSLock

/// The high-resolution lines of one tile, by the role they are drawn in.
struct DetailTile: Sendable {
    /// Land/ocean shorelines (GSHHG level 1).
    var coast: PolylineSet
    /// Shores of lakes, river-lakes, islands in lakes and ponds on those (GSHHG levels 2–4).
    var lakes: PolylineSet
    /// Permanent rivers and canals (WDBII).
    var rivers: PolylineSet
}

/// A `PMT1` blob (format in `cmapdetail.h`): GSHHG "high" shorelines and
/// WDBII rivers cut into square tiles (2°), each record decodable on its own,
/// found through a sorted index by binary search. Nothing is decoded until a
/// tile is asked for.
struct TiledLines: @unchecked Sendable {  // a view of read-only bytes (the embedded blob)
    let bytes: UnsafeBufferPointer<UInt8>
    /// Units per degree of the points (10,000: 1e-4°).
    let unitsPerDegree: Int32
    /// Tile edge in degrees.
    let tileDegrees: Int
    /// Tiles in the index and points in all of them.
    let tileCount: Int
    let pointCount: Int
    private let indexOffset = 20

    var rows: Int { 180 / tileDegrees }
    var columns: Int { 360 / tileDegrees }

    /// Reads the header; nil when the magic or the header is wrong, or the
    /// index does not fit in the blob.
    init?(bytes: UnsafeBufferPointer<UInt8>) {
        var r = ByteReader(bytes: bytes)
        guard r.u8() == 0x50, r.u8() == 0x4D, r.u8() == 0x54, r.u8() == 0x31,
              let units = r.u32(), let tile = r.u32(), let count = r.u32(), let points = r.u32(),
              units > 0, units <= 1_000_000, tile > 0, tile <= 90, 180 % tile == 0,
              Int(count) <= (bytes.count - 20) / 12 else { return nil }
        self.bytes = bytes
        unitsPerDegree = Int32(units); tileDegrees = Int(tile); tileCount = Int(count); pointCount = Int(points)
    }

    /// Index entry `i`: the tile's key (row × columns + column) and its record.
    func entry(_ i: Int) -> (key: Int, offset: Int, length: Int) {
        var r = ByteReader(bytes: bytes, offset: indexOffset + 12 * i)
        return (Int(r.u32() ?? 0), Int(r.u32() ?? 0), Int(r.u32() ?? 0))
    }

    /// The record of the tile with `key`, nil when there is none (no water
    /// line crosses it) or it lies outside the blob.
    func record(key: Int) -> UnsafeBufferPointer<UInt8>? {
        var lo = 0, hi = tileCount
        while lo < hi {
            let mid = (lo + hi) / 2
            if entry(mid).key < key { lo = mid + 1 } else { hi = mid }
        }
        guard lo < tileCount else { return nil }
        let e = entry(lo)
        guard e.key == key, e.offset >= 0, e.length >= 0, e.offset <= bytes.count - e.length else { return nil }
        return UnsafeBufferPointer(rebasing: bytes[e.offset..<e.offset + e.length])
    }

    /// Keys of the tiles that overlap latitudes `south...north` and the
    /// unwrapped longitudes `west...east` (which may pass ±180°; columns
    /// wrap), edges included, whether or not the blob holds them.
    func keys(south: Double, west: Double, north: Double, east: Double) -> [Int] {
        let size = Double(tileDegrees)
        func index(_ v: Double, _ rule: FloatingPointRoundingRule) -> Int {
            Int((min(1e4, max(-1e4, v.isFinite ? v : 0)) / size).rounded(rule))
        }
        let r0 = max(0, index(south + 90, .up) - 1), r1 = min(rows - 1, index(north + 90, .down))
        let c0 = index(west + 180, .up) - 1, c1 = index(east + 180, .down)
        guard r0 <= r1, c0 <= c1 else { return [] }
        let cols = c1 - c0 + 1 >= columns ? Array(0..<columns)
                                          : (c0...c1).map { (($0 % columns) + columns) % columns }
        return (r0...r1).flatMap { r in cols.map { r * columns + $0 } }
    }

    /// Decodes the tile with `key`; an empty tile when there is none. A
    /// damaged record yields the lines read before the damage, never a trap.
    func decode(key: Int) -> DetailTile {
        let empty = PolylineSet(unitsPerDegree: unitsPerDegree, skipsWithinDot: true)
        var tile = DetailTile(coast: empty, lakes: empty, rivers: empty)
        guard key >= 0, key < rows * columns, let rec = record(key: key) else { return tile }
        let span = Int64(tileDegrees) * Int64(unitsPerDegree)
        let west = Int64(key % columns) * span - 180 * Int64(unitsPerDegree)
        let south = Int64(key / columns) * span - 90 * Int64(unitsPerDegree)
        var r = ByteReader(bytes: rec)
        guard let lineCount = r.varint() else { return tile }
        var lons: [Int32] = [], lats: [Int32] = []
        for _ in 0..<min(lineCount, UInt64(rec.count)) {
            guard let kind = r.u8(), let n = r.varint(), n >= 2, n <= UInt64(r.remaining) else { return tile }
            lons.removeAll(keepingCapacity: true); lats.removeAll(keepingCapacity: true)
            var x: Int64 = 0, y: Int64 = 0
            for _ in 0..<n {
                guard let dx = r.zigzag(), let dy = r.zigzag() else { return tile }
                x &+= dx; y &+= dy  // wrapping: damaged steps fail the range check, never trap
                guard (0...span).contains(x), (0...span).contains(y) else { return tile }
                lons.append(Int32(west + x)); lats.append(Int32(south + y))
            }
            switch kind {
            case 1: tile.coast.add(lons: lons, lats: lats)
            case 2: tile.lakes.add(lons: lons, lats: lats)
            case 3: tile.rivers.add(lons: lons, lats: lats)
            default: break  // a kind this version does not draw
            }
        }
        return tile
    }
}

/// Decoded tiles, kept once decoded. Thread-safe: the UI's frames and the
/// tests may draw from several threads.
final class TileCache: @unchecked Sendable {  // all state behind `lock`
    private let lock = NSLock()
    private var tiles: [Int: DetailTile] = [:]
    /// How many tiles are kept before the cache starts again (a bound on
    /// memory for a long session panning over the world: about 500 points
    /// and 4 KB a tile on average).
    let limit: Int
    private var decodeCount = 0

    init(limit: Int = 1024) { self.limit = limit }

    /// The tile with `key`, decoded by `make` on first use.
    func tile(_ key: Int, make: (Int) -> DetailTile) -> DetailTile {
        lock.lock(); defer { lock.unlock() }
        if let t = tiles[key] { return t }
        if tiles.count >= limit { tiles.removeAll(keepingCapacity: true) }
        let t = make(key)
        tiles[key] = t
        decodeCount += 1
        return t
    }

    /// Tiles kept now.
    var count: Int { lock.lock(); defer { lock.unlock() }; return tiles.count }
    /// Tiles decoded so far (for tests: a second look must not decode again).
    var decodes: Int { lock.lock(); defer { lock.unlock() }; return decodeCount }
}

extension ByteReader {
    /// An unsigned LEB128 varint (7 bits a byte, low bits first); nil past the
    /// end or beyond 63 bits.
    mutating func varint() -> UInt64? {
        var v: UInt64 = 0, shift: UInt64 = 0
        while shift < 63 {
            guard let b = u8() else { return nil }
            v |= UInt64(b & 0x7F) << shift
            if b < 0x80 { return v }
            shift += 7
        }
        return nil
    }

    /// A zigzag varint (0, -1, 1, -2, … stored as 0, 1, 2, 3, …).
    mutating func zigzag() -> Int64? {
        varint().map { Int64(bitPattern: ($0 >> 1) ^ (0 &- ($0 & 1))) }
    }
}
