import Frame

/// One part of the status line: its text, its priority (0 is kept first) and
/// the fewest cells it may be cut to with `…` (nil: shown whole or not at all).
public struct StatusPart: Equatable {
    public internal(set) var text: String
    var priority: Int
    var minWidth: Int?
    var isTitle = false
    var isHelp = false
    /// A shorter whole form tried before cutting, and the one cut ("◑ 37 pins here" for
    /// the full legend, "near Kassel, DE" for "centre near Kassel, DE").
    var short: String? = nil

    /// A part of `text` at `priority` (`StatusPriority`), cut to no fewer than `minWidth` cells.
    public init(text: String, priority: Int, minWidth: Int?, isTitle: Bool = false, isHelp: Bool = false, short: String? = nil) {
        self.text = text; self.priority = priority; self.minWidth = minWidth
        self.isTitle = isTitle; self.isHelp = isHelp; self.short = short
    }
}

/// The status parts' priorities (0 is kept first; see `StatusLineLayout`), in one place.
/// Zoom and focus are short and rank above the place, so a place cut to the room
/// left never pushes them out; the raw coordinate is the first of the map's common
/// parts to go (the pointer legend, shown only over a marker, ranks below it, as before;
/// over a named pin it is that pin's title, which ranks with the selected pin's).
public enum StatusPriority {
    public static let counts = 0, search = 1, zoom = 2, focus = 3, place = 4, title = 5, pointedTitle = 5
    static let coordinate = 6, legend = 7, help = 8
}

/// Lays out the status line by priority (`StatusPriority`): detent and counts,
/// search, zoom, focus, the place at the centre or pointer, the selected pin's
/// title, the coordinate, the pointer legend, then `? help`.
/// A part that does not fit whole takes its short form when that fits, else is
/// cut with `…` (its short form when it has one) when at least its `minWidth`
/// cells are left, else left out with its separator, so the line never ends in a
/// token cut without `…` or a dangling separator. The selected title, before it is left
/// out, takes the room the parts before it free by taking their short forms.
public enum StatusLineLayout {
    /// The parts that fit a line `width` cells wide (one leading space; `isHelp`
    /// parts sit at the right edge after a gap of one cell), in display order. Without
    /// `cutting`, parts are shown whole (or in their short form) or not at all.
    public static func laidOut(_ parts: [StatusPart], width: Int, ascii: Bool, cutting: Bool = true) -> [StatusPart] {
        var budget = width - 1
        var kept: [Int: StatusPart] = [:]
        let separatorWidth = DisplayWidth.of(StatusLineView.separator(ascii))
        for i in parts.indices.sorted(by: { (parts[$0].priority, $0) < (parts[$1].priority, $1) }) {
            let part = parts[i]
            let cost = kept.isEmpty || part.isHelp ? (part.isHelp ? 1 : 0) : separatorWidth
            let width = DisplayWidth.of(part.text)
            if cost + width <= budget {
                kept[i] = part
                budget -= cost + width
            } else if let short = part.short, cost + DisplayWidth.of(short) <= budget {
                kept[i] = StatusPart(text: short, priority: part.priority, minWidth: nil)
                budget -= cost + DisplayWidth.of(short)
            } else if cutting, let min = part.minWidth, !part.isHelp {
                // The selected title is worth more than the words a short form leaves out
                // ("centre" before the place): it takes their room before being left out.
                if part.isTitle, budget - cost < min { budget += shorten(&kept, toFree: min - (budget - cost)) }
                guard budget - cost >= min else { continue }
                var cut = part
                cut.text = DisplayWidth.truncate(part.short ?? part.text, to: budget - cost, ascii: ascii)
                kept[i] = cut
                budget = 0
            }
        }
        return parts.indices.compactMap { kept[$0] }
    }

    /// Puts kept parts into their short forms, lowest priority first, until `need` cells
    /// are free. Returns the cells freed; 0, changing nothing, when they cannot free that many.
    private static func shorten(_ kept: inout [Int: StatusPart], toFree need: Int) -> Int {
        let saving = { (p: StatusPart) in p.short.map { DisplayWidth.of(p.text) - DisplayWidth.of($0) } ?? 0 }
        let candidates = kept.filter { $0.value.short != nil && saving($0.value) > 0 }
            .sorted { ($0.value.priority, $0.key) > ($1.value.priority, $1.key) }
        var freed = 0, chosen: [Int] = []
        for (i, p) in candidates where freed < need {
            freed += saving(p)
            chosen.append(i)
        }
        guard freed >= need else { return 0 }
        for i in chosen {
            if let p = kept[i], let short = p.short { kept[i] = StatusPart(text: short, priority: p.priority, minWidth: nil) }
        }
        return freed
    }
}
