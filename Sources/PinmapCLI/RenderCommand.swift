import Foundation
import GeoMap
import PinmapCore
import PinmapRuntime
import Terminal
import PinStore
import Sheet

/// `pinmap render`: prints the frame the UI would show, as plain text, drawn
/// by the same code as the UI (no terminal needed).
enum RenderCommand: Command {
    static let spec = CommandSpec(
        name: "render",
        usage: "pinmap render [--db PATH] [--size COLSxROWS] [--tab map|timeline|import|settings] [--detent small|medium|large] [--center LAT,LON | --place NAME] [--zoom Z] [--ascii]",
        summary: "Print the frame the terminal UI would show, as plain text (indexing first what a large import left, as the UI does).",
        options: [CommandSpec.store, ("--size", "frame size in cells (default 100x30)"),
                  ("--tab", "map, timeline, import or settings (default: the last used, else map)"),
                  ("--detent", "small, medium or large (default: the last used, else medium)"),
                  ("--center", "map centre as LAT,LON in decimal degrees (default: the last view, else the pins fitted)"),
                  ("--place", "centre on a place by name, offline (\"Seoul\", \"서울\", \"France\"), zoomed to fit it"),
                  ("--zoom", "map zoom: 1 = whole world, ×2 per step (max 16384)")],
        flags: [("--ascii", "ASCII instead of braille and symbols (automatic when the locale is not UTF-8)")],
        maxPositionals: 0)

    static func run(_ args: ParsedArguments) throws(CLIError) -> Int32 {
        let (cols, rows) = try size(args.value("--size") ?? "100x30")
        // ASCII when asked, or when the locale is not UTF-8 (`LANG=C`), as the UI does.
        let ascii = args.has("--ascii") || !TerminalLocale.apply()
        var tab: Tab?
        if let t = args.value("--tab") {
            guard let named = Tab(name: t) else { throw .usage(command: "render", message: "--tab must be map, timeline, import or settings, got '\(t)'") }
            tab = named
        }
        // Checked before the store opens, as --tab is: a bad --detent on a missing store said
        // "no Pinmap store" (exit 1), and on a store it was found only after indexing it.
        var detent: Detent?
        if let d = args.value("--detent") {
            guard let named = Detent(rawValue: d.lowercased()) else { throw .usage(command: "render", message: "--detent must be small, medium or large, got '\(d)'") }
            detent = named
        }
        let viewport = try viewport(args)
        // The store's last view, tab and detent come with its settings (as the UI reopens it);
        // the options below override them.
        let state = AppState(cols: cols, rows: rows, ascii: ascii, color: false, reducedMotion: true,
                             environment: UIRunner.environment(localeIsUTF8: true, colorAvailable: true))
        let store = try PinmapCLI.openRepository(args, reading: true)
        // Pins a large import left out of the map's clusters join them first (`pinmap index`).
        _ = try PinmapCLI.indexFirst(store)
        let runner = UIRunner.make(store: store, state: state, loadSamples: { 0 })
        if let detent { runner.setDetentInstantly(detent) }
        if let tab { runner.show(tab: tab) }
        if let viewport, args.value("--place") == nil {
            // --zoom alone zooms the last view about its centre.
            var v = args.value("--center") == nil ? runner.state.map.viewport : viewport
            v.zoom = viewport.zoom
            runner.show(v)
        }
        if let name = args.value("--place") {
            guard args.value("--center") == nil else {
                throw .usage(command: "render", message: "--place and --center both set the map's centre: give one")
            }
            guard runner.goToPlace(named: name) != nil else {
                throw .failure("no place named '\(name)' in the gazetteer: try a city or country name in English or Korean, e.g. Seoul, 서울, France")
            }
            if let z = viewport?.zoom, args.value("--zoom") != nil { var v = runner.state.map.viewport; v.zoom = z; runner.show(v) }
        }
        try PinmapCLI.writeOut(runner.frame().text() + "\n")
        return 0
    }

    /// Parses `COLSxROWS`. - Throws: usage error when malformed or < 1.
    static func size(_ s: String) throws(CLIError) -> (Int, Int) {
        let parts = s.lowercased().split(separator: "x")
        guard parts.count == 2, let c = Int(parts[0]), let r = Int(parts[1]), c >= 1, r >= 1, c <= 1000, r <= 1000 else {
            throw .usage(command: "render", message: "--size must be COLSxROWS between 1x1 and 1000x1000, e.g. 100x30; got '\(s)'")
        }
        return (c, r)
    }

    /// The view `--center` and `--zoom` ask for (zoom 1 without `--zoom`), nil without either.
    static func viewport(_ args: ParsedArguments) throws(CLIError) -> Viewport? {
        guard args.value("--center") != nil || args.value("--zoom") != nil else { return nil }
        var v = Viewport.world
        if let c = args.value("--center") {
            let parts = c.split(separator: ",").map { Double(trimmedText($0)) }
            guard parts.count == 2, let lat = parts[0], let lon = parts[1],
                  CoordinateAxis.latitude.contains(lat), CoordinateAxis.longitude.contains(lon) else {
                throw .usage(command: "render", message: "--center must be LAT,LON in decimal degrees (latitude −90…90, longitude −180…180), got '\(c)'")
            }
            v.center = GeoPoint(latitude: lat, longitude: lon)
        }
        if let z = args.value("--zoom") {
            guard let zoom = Double(z), zoom.isFinite, Viewport.zoomRange.contains(zoom) else {
                throw .usage(command: "render", message: "--zoom must be a number from 1 to 16384, got '\(z)'")
            }
            v.zoom = zoom
        }
        return v
    }
}
