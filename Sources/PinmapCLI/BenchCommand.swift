import Foundation
import Glibc
import GeoMap
import PinmapCore
import PinmapRuntime
import PinStore
import Support

/// `pinmap bench render`: how long the UI takes per frame on a store, for a
/// few viewports, without a terminal. A frame is what the UI does when the
/// map moves: reload the markers, counts and list for the new viewport
/// (`AppRunner.show`), then draw the frame (`AppRunner.frame`). Painting the
/// frame to a terminal is not included. Every frame pans the viewport by a
/// fraction of a cell, so no frame repeats the one before.
enum BenchCommand: Command {
    static let spec = CommandSpec(
        name: "bench",
        usage: "pinmap bench render|search|cells|map [--db PATH] [--size COLSxROWS] [--frames N] [--only NAME] [--baseline PATH] [--category NAME]",
        summary: """
        Time the map's frames on a store (render), its search (search) or the map alone
        (map); figures only. `bench render` prints the median, 95th percentile and worst time per frame (reload markers, counts
        and list, then draw) at a world, a region (East Asia), a city (Seoul) and a
        street-level (Seoul) viewport, each over --frames frames panned a fraction of a cell
        apart, with the median and 95th percentile of the thread's CPU time per frame; the time from process start to the first frame; and peak resident memory
        (getrusage ru_maxrss). Painting to a terminal is not included. With --baseline, then
        the frames of the store and of the baseline store in turn, 10 at a time, in this one
        process, and the ratio of their medians per viewport (peak memory is measured before).
        `bench search` times the UI's search (every match in the store, split in view and
        elsewhere) for 1-, 2- and 3-character queries at a world and a city view
        (--frames rounds per query, default 60). `bench cells` times the store's map cells of a
        200x60 view over Seoul at levels 12-17, all pins or --category's (comma-separated):
        the first read (no tiles cached) and the median of --frames panned reads. `bench map` times the map alone, without a
        store: decoding the embedded coastlines and borders, 200x60 frames of 2,000 clustered
        pins, and city and street frames over the high-resolution tiles (20 frames each).
        """,
        options: [CommandSpec.store, ("--size", "frame size in cells (default 200x60)"),
                  ("--frames", "frames per viewport, at least 50 (default 60)"),
                  ("--only", "measure only the viewports whose name starts with this (world, region, city, street)"),
                  ("--baseline", "render: a second store (a path or postgresql:// URI) timed in turn with --db, for frame ratios"),
                  ("--category", "cells: the categories shown, comma-separated (default: all pins)")],
        flags: [],
        maxPositionals: 1,
        minPositionals: 1)

    /// Writes one line of figures (`PinmapCLI.writeOut`: a full disk fails the benchmark,
    /// exit 1; `print` dropped the figures and exited 0).
    static func say(_ line: String) throws(CLIError) { try PinmapCLI.writeOut(line + "\n") }

    /// The benchmarks that take each option (in the order options are checked).
    static let optionUsers: [(option: String, benchmarks: [String])] = [
        ("--db", ["render", "search", "cells"]), ("--baseline", ["render"]), ("--only", ["render"]), ("--size", ["render"]),
        ("--frames", ["render", "search", "cells"]), ("--category", ["cells"]),
    ]

    /// Refuses (usage error) the first option given that `benchmark` does not take, naming
    /// the benchmarks that do.
    static func refuseOptions(notFor benchmark: String, _ args: ParsedArguments) throws(CLIError) {
        for (option, users) in optionUsers where !users.contains(benchmark) && args.value(option) != nil {
            let names = ["`pinmap bench \(users[0])`"] + users.dropFirst().map { "`\($0)`" }
            let list = names.count == 1 ? names[0] : names.dropLast().joined(separator: ", ") + " or " + names[names.count - 1]
            throw .usage(command: "bench", message: "\(option) is for \(list), not \(benchmark)")
        }
    }

    /// The store a benchmark times, opened to read (one this user cannot write is timed as it
    /// is; a missing one is refused as `list` refuses it), after what a large import left is
    /// indexed (`PinmapCLI.indexFirst`; not part of any figure).
    /// - Returns: the store and the pins indexed first.
    static func storeToTime(_ args: ParsedArguments) throws(CLIError) -> (store: any PinCopying, indexed: Int) {
        let store = try PinmapCLI.openRepository(args, reading: true)
        return (store, try PinmapCLI.indexFirst(store))
    }

    /// `pinmap bench search`: search latency figures (BenchSearch.swift).
    static func runSearch(_ args: ParsedArguments) throws(CLIError) -> Int32 {
        let rounds = try frameCount(args.value("--frames"))
        try refuseOptions(notFor: "search", args)
        let (store, pins) = try storeToTime(args)
        do {
            if pins > 0 { try say("pinmap bench search: indexed \(pins) pins a large import left first") }
            for line in try BenchSearch.run(store: store, rounds: rounds) { try say(line) }
        } catch let e as CLIError { throw e } catch { throw .failure("search benchmark failed: \(error)") }
        return 0
    }

    /// `pinmap bench cells`: the store's map cells per level (BenchCells.swift).
    static func runCells(_ args: ParsedArguments) throws(CLIError) -> Int32 {
        let frames = try frameCount(args.value("--frames"))
        try refuseOptions(notFor: "cells", args)
        let categories = args.value("--category").map { Set($0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)) }
        let store = try storeToTime(args).store
        do {
            for line in try BenchCells.run(store: store, categories: categories, frames: frames) { try say(line) }
        } catch let e as CLIError { throw e } catch { throw .failure("cells benchmark failed: \(error)") }
        return 0
    }

    /// `pinmap bench map`: the map's own figures (GeoMap's `MapFigures`); no store, no options.
    static func runMap(_ args: ParsedArguments) throws(CLIError) -> Int32 {
        try refuseOptions(notFor: "map", args)
        try say("pinmap bench map: the map alone (no store), 200x60 frames, 20 of each")
        for line in MapFigures.lines() { try say("  " + line) }
        return 0
    }

    /// The viewports measured: name, centre (degrees) and zoom.
    static let viewports: [(name: String, center: GeoPoint, zoom: Double)] = [
        ("world", Viewport.world.center, 1),
        ("region: East Asia", GeoPoint(latitude: 35, longitude: 120), 4),
        ("city: Seoul", GeoPoint(latitude: 37.5665, longitude: 126.978), 256),
        ("street: Seoul", GeoPoint(latitude: 37.5665, longitude: 126.978), 16_384),
    ]

    static func run(_ args: ParsedArguments) throws(CLIError) -> Int32 {
        let mainStart = Monotonic.seconds()
        if args.positionals.first == "search" { return try runSearch(args) }
        if args.positionals.first == "map" { return try runMap(args) }
        if args.positionals.first == "cells" { return try runCells(args) }
        guard args.positionals.first == "render" else {
            throw .usage(command: "bench", message: "unknown benchmark '\(args.positionals.first ?? "")'; there are: render, search, cells, map")
        }
        let cols: Int, rows: Int
        let sizeText = args.value("--size") ?? "200x60"
        do {
            (cols, rows) = try RenderCommand.size(sizeText)
        } catch {
            // Names the value given, as `render --size` does (it said only what was wanted).
            throw .usage(command: "bench", message: "--size must be COLSxROWS between 1x1 and 1000x1000, e.g. 200x60; got '\(sizeText)'")
        }
        let frames = try frameCount(args.value("--frames"))
        try refuseOptions(notFor: "render", args)
        let only = args.value("--only") ?? ""
        guard viewports.contains(where: { $0.name.hasPrefix(only) }) else {
            throw .usage(command: "bench", message: "--only must begin a viewport's name (world, region, city, street), got '\(only)'")
        }
        if let given = args.value("--baseline") { _ = try PinmapCLI.checkedStore(given, option: "--baseline", command: "bench") }
        let pins = try storeToTime(args).indexed
        if pins > 0 { try say("pinmap bench render: indexed \(pins) pins a large import left first") }
        // Start-up: what `pinmap` does before the first frame appears.
        let store = try PinmapCLI.openRepository(args, reading: true)
        let state = AppState(cols: cols, rows: rows, color: true, reducedMotion: true)
        let runner = UIRunner.make(store: store, state: state, loadSamples: { 0 })
        _ = runner.frame()
        let firstFrame = Monotonic.seconds()
        let sinceExec = processAgeSeconds()
        // The baseline opens before any figure is printed (after the start-up is measured): one
        // that could not be opened failed only after the whole single-store table.
        let baseline = try args.value("--baseline").map { path throws(CLIError) in (path: path, store: try openBaseline(path)) }

        try PinmapCLI.writeOut("pinmap bench render: \(MessageText.quotedPath(store.location))\n")  // a path can hold escapes
        try say("  \(runner.state.list.totalCount) pins, frame \(cols)x\(rows) (map \(runner.state.layout.mapPane.width)x\(runner.state.layout.mapPane.height)), \(frames) frames per viewport")
        if let sinceExec {
            try say(String(format: "  start-up, process start to first frame: %.1f ms (%.1f ms of it from main)", sinceExec * 1000, (firstFrame - mainStart) * 1000))
        } else {
            try say(String(format: "  start-up, main to first frame: %.1f ms", (firstFrame - mainStart) * 1000))
        }
        try say("  viewport              zoom   in view  markers   median     p95   worst   (reload / draw, median ms; CPU median / p95)  labels")
        for vp in viewports where vp.name.hasPrefix(only) {
            let r = measure(runner, center: vp.center, zoom: vp.zoom, frames: frames)
            try say("  " + pad(vp.name, 20) + pad(String(Int(vp.zoom)), 7, right: true) + pad(r.inView, 10, right: true)
                  + pad(String(r.markers), 9, right: true)
                  + String(format: "%9.2f%8.2f%8.2f   (%.2f / %.2f; %.2f / %.2f)", r.median, r.p95, r.worst, r.reload, r.draw,
                                 r.cpu, r.cpuP95)
                  + String(format: "  %.2f", r.labels))
        }
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        try say(String(format: "  peak resident memory: %.1f MiB", Double(usage.ru_maxrss) / 1024))
        if let baseline {
            try runPaired(runner, baseline: baseline.store, path: baseline.path, cols: cols, rows: rows, frames: frames, only: only)
        }
        return 0
    }

    struct Result {
        var median = 0.0, p95 = 0.0, worst = 0.0, reload = 0.0, draw = 0.0
        /// Median CPU time of this thread per frame (ms): below the wall
        /// time when other processes compete for the cores or I/O waits.
        var cpu = 0.0
        /// 95th percentile of that CPU time (ms): the spread of the frame's own
        /// work, without the waits a busy machine adds to the wall-clock p95.
        var cpuP95 = 0.0
        var inView = "", markers = 0
        /// Median time placing place names per frame (ms), part of `draw`.
        var labels = 0.0
    }

    /// Times `frames` frames around a viewport (ms), panning a fraction of a
    /// cell per frame.
    static func measure(_ runner: AppRunner, center: GeoPoint, zoom: Double, frames: Int) -> Result {
        var samples = Samples()
        sample(runner, center: center, zoom: zoom, frames: 0..<frames, into: &samples)
        return samples.result
    }

    /// Per-frame times of one viewport (ms), and what the first frame showed.
    struct Samples {
        var totals: [Double] = [], reloads: [Double] = [], draws: [Double] = [], cpus: [Double] = [], labels: [Double] = []
        var inView = "", markers = 0

        var result: Result {
            var r = Result()
            r.inView = inView
            r.markers = markers
            r.median = percentile(totals, 0.5)
            r.p95 = percentile(totals, 0.95)
            r.labels = percentile(labels, 0.5)
            r.worst = totals.max() ?? 0
            r.reload = percentile(reloads, 0.5)
            r.draw = percentile(draws, 0.5)
            r.cpu = percentile(cpus, 0.5)
            r.cpuP95 = percentile(cpus, 0.95)
            return r
        }
    }

    /// Times the frames numbered `frames` around a viewport (frame i pans the view by a
    /// fraction of a cell that depends on i only), adding them to `samples`.
    static func sample(_ runner: AppRunner, center: GeoPoint, zoom: Double, frames: Range<Int>, into samples: inout Samples) {
        let pane = runner.state.layout.mapPane
        for i in frames {
            var v = Viewport(center: center, zoom: zoom)
            v.pan(columns: Double(i % 9 - 4) * 0.37, rows: Double(i % 7 - 3) * 0.29, pane: pane)
            let c0 = threadCPUSeconds()
            let t0 = Monotonic.seconds()
            runner.show(v)
            let t1 = Monotonic.seconds()
            let screen = runner.frame()
            let t2 = Monotonic.seconds()
            samples.cpus.append((threadCPUSeconds() - c0) * 1000)
            if screen.width == 0 { print("  (empty frame)") }  // keeps the frame from being optimised away
            samples.totals.append((t2 - t0) * 1000)
            samples.reloads.append((t1 - t0) * 1000)
            samples.draws.append((t2 - t1) * 1000)
            // The place names are placed by `update` (in `show`); timed here again, alone.
            let t3 = Monotonic.seconds()
            _ = runner.state.placedMapLabels()
            samples.labels.append((Monotonic.seconds() - t3) * 1000)
            if samples.totals.count == 1 {
                samples.inView = runner.state.inViewText
                samples.markers = runner.state.map.markers.count
            }
        }
    }

    static func percentile(_ xs: [Double], _ p: Double) -> Double {
        guard !xs.isEmpty else { return 0 }
        let s = xs.sorted()
        return s[min(s.count - 1, Int((Double(s.count - 1) * p).rounded()))]
    }

    static func frameCount(_ s: String?) throws(CLIError) -> Int {
        guard let s else { return 60 }
        guard let n = Int(s), n >= 50, n <= 100_000 else {
            throw .usage(command: "bench", message: "--frames must be a whole number from 50 to 100000, got '\(s)'")
        }
        return n
    }

    static func pad(_ s: String, _ width: Int, right: Bool = false) -> String {
        let fill = String(repeating: " ", count: max(0, width - s.count))
        return right ? fill + s : s + fill
    }

    static func threadCPUSeconds() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// Seconds since this process started: now (CLOCK_BOOTTIME) minus the
    /// start time in /proc/self/stat (field 22, in clock ticks since boot,
    /// so to 1/100 s). nil where /proc is missing.
    static func processAgeSeconds() -> Double? {
        guard let stat = try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        // Fields after the command name (which may hold spaces) start at field 3.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 19, let ticks = Double(fields[19]) else { return nil }
        var ts = timespec()
        clock_gettime(CLOCK_BOOTTIME, &ts)
        let now = Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
        return now - ticks / Double(sysconf(Int32(_SC_CLK_TCK)))
    }
}
