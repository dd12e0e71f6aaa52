import Foundation
import PinModel

/// What the scanner reports of a Shapefile source, beside its rows: one Shapefile
/// (`ShapefileReader`) or every Shapefile of a zip (`ShapefileLayers`).
protocol ShapefileSource: PinRecordReader {
    /// Field → attribute, for the report.
    var columnsUsed: [ColumnRole: String] { get }
    /// The coordinate reference system when it is not WGS84 (for the report), nil for WGS84.
    var systemLabel: String? { get }
    /// Where the `.dbf` encoding came from (`CP949 (.cpg)`), for the report.
    var encodingLabel: String { get }
    /// Whether the files named their own system (`.prj`), so that `--crs` did not apply.
    var hasPRJ: Bool { get }
}

/// Pins from every Shapefile of a zip, one layer after another in the zip's order, each read
/// by a `ShapefileReader` of its own (its own code page, system and fields; a pin without a
/// category takes its layer's name). Only the first layer's column mapping is reported; the
/// systems and encodings of all are, each once. A note names the layers read.
final class ShapefileLayers: ShapefileSource {
    private let layers: [ShapefileReader]
    private let names: [String]
    private var current = 0
    /// The folder the zip was extracted to, one subfolder a layer: removed when this goes.
    private let folder: String

    /// - Parameters:
    ///   - layers: the readers, in order (at least two).
    ///   - names: their zip entries' names.
    ///   - folder: where they were extracted, removed with this reader.
    init(_ layers: [ShapefileReader], names: [String], folder: String) {
        self.layers = layers
        self.names = names
        self.folder = folder
    }

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    func next() -> RowOutcome? {
        while current < layers.count {
            if let row = layers[current].next() { return row }
            current += 1
        }
        return nil
    }

    var columnsUsed: [ColumnRole: String] { layers[0].columnsUsed }
    var systemLabel: String? { Self.each(layers.compactMap(\.systemLabel)) }
    var encodingLabel: String { Self.each(layers.map(\.encodingLabel)) ?? "" }
    var hasPRJ: Bool { layers.allSatisfy(\.hasPRJ) }

    /// The layers' skipped shapes, counted together (`skipped 3 line shapes`, not one note a layer).
    var skippedGeometry: [SkippedCount] { merged.counts }

    var notes: [ImportNote] {
        var notes = merged.notes
        for layer in layers { notes += layer.fileNotes.filter { !notes.contains($0) } }
        return [.shapefilesRead(names: names)] + notes
    }

    private var merged: SkipCounter {
        var skips = SkipCounter()
        for layer in layers { for s in layer.skippedGeometry { skips.add(s.thing, count: s.count) } }
        return skips
    }

    /// `labels` without repeats, joined by "; " (a label may hold a comma); nil for none.
    private static func each(_ labels: [String]) -> String? {
        var seen: [String] = []
        for l in labels where !seen.contains(l) { seen.append(l) }
        return seen.isEmpty ? nil : seen.joined(separator: "; ")
    }
}
