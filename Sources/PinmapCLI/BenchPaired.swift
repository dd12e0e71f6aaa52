import Foundation
import GeoMap
import PinmapCore
import PinmapRuntime
import PinStore

/// `pinmap bench render --baseline PATH`: the frame ratio of two stores measured in one
/// process, their frames in turn.
///
/// Why: a frame ratio compares two medians, and timed in two processes one after the other
/// they fell in different states of the machine. On the 2-core VM the 45-pin street frame's
/// median took 0.68–1.53 ms in 15 runs a few seconds apart, so the ratio of one run ranged
/// from 1.7× to 5.2× for the same code. Timed in turn, 10 frames of one store and then 10 of
/// the other (which goes first alternates), both medians come from the same seconds.
extension BenchCommand {
    /// Frames of one store before the other's turn.
    static let pairBlock = 10

    /// The `--baseline` store at `path`, opened to read, what a large import left indexed
    /// (not part of any frame).
    /// - Throws: `CLIError.failure` naming it and the option.
    static func openBaseline(_ path: String) throws(CLIError) -> any PinCopying {
        let store: any PinCopying
        do { store = try CopyCommand.open(path, creating: false) } catch {
            throw .failure("cannot open the baseline store \(MessageText.quotedPath(path)): \(PinmapCLI.namingOption(error.message, "--baseline"))")
        }
        _ = try PinmapCLI.indexFirst(store)
        return store
    }

    static func runPaired(_ runner: AppRunner, baseline store: any PinCopying, path: String, cols: Int, rows: Int,
                          frames: Int, only: String) throws(CLIError) {
        let base = UIRunner.make(store: store, state: AppState(cols: cols, rows: rows, color: true, reducedMotion: true),
                                 loadSamples: { 0 })
        _ = base.frame()
        try PinmapCLI.writeOut("  paired with \(MessageText.quotedPath(path)): \(base.state.list.totalCount) pins, frames of the two stores in turn, \(pairBlock) at a time\n")
        // No p95 here: the first frame of each turn meets caches the other store filled (the
        // single-store table above has the p95s).
        try say("  viewport                 median  baseline    ratio")
        for vp in viewports where vp.name.hasPrefix(only) {
            var mine = Samples(), theirs = Samples()
            for (k, start) in stride(from: 0, to: frames, by: pairBlock).enumerated() {
                let block = start..<min(frames, start + pairBlock)
                // Which store goes first alternates: a block right after the other store's
                // may start with colder caches.
                for own in k % 2 == 0 ? [true, false] : [false, true] {
                    if own {
                        sample(runner, center: vp.center, zoom: vp.zoom, frames: block, into: &mine)
                    } else {
                        sample(base, center: vp.center, zoom: vp.zoom, frames: block, into: &theirs)
                    }
                }
            }
            let a = mine.result, b = theirs.result
            try say("  paired " + pad(vp.name, 20)
                  + String(format: "%8.2f%10.2f%8.2f×", a.median, b.median, a.median / max(b.median, 1e-9)))
        }
    }
}
