/// "Did you mean" for a mistyped command or option: the closest name by optimal string
/// alignment distance (Levenshtein with adjacent transpositions: `lsit` → `list` is 1).
enum Suggestion {
    /// The name of `names` closest to `typed`, when it is close enough to be a slip: at most
    /// one edit for names up to 4 characters, two for longer ones; nil when none is, or two
    /// names tie.
    static func closest(to typed: String, among names: [String]) -> String? {
        let scored = names.map { ($0, distance(typed.lowercased(), $0.lowercased())) }
        guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
        let limit = best.0.count <= 4 ? 1 : 2
        guard best.0 != typed, best.1 <= limit, scored.filter({ $0.1 == best.1 }).count == 1 else { return nil }
        return best.0
    }

    /// " (did you mean 'list'?)" for `typed`, or "".
    static func hint(_ typed: String, among names: [String]) -> String {
        closest(to: typed, among: names).map { " (did you mean '\($0)'?)" } ?? ""
    }

    /// Optimal string alignment distance between `a` and `b`, by characters.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
                }
            }
        }
        return d[a.count][b.count]
    }
}
