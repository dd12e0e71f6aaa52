/// The one rule for naming a property whose name is already taken (a CSV header `dup,dup`, a
/// `.dbf` with two fields of one name, a KML placemark with two `<Data name="x">`): every
/// value keeps a key of its own, nothing is dropped.
///
/// The first occurrence of a name keeps it; the n-th repeat becomes `name (n)`, the next
/// number whose key is free: a name that some field already has literally (a header written
/// `dup (2)`) is never given to a repeat, so `dup,dup,dup (2)` → `dup`, `dup (3)`, `dup (2)`.
/// The import report's "kept as properties", the stored JSON and a CSV export all show these keys.
public enum PropertyKey {
    /// `names` with every repeat renamed as above; the same count and order.
    /// `["dup", "dup", "x"]` → `["dup", "dup (2)", "x"]`.
    public static func unique(_ names: [String]) -> [String] {
        var literal = Set<String>()
        var repeats: [Int] = []
        for (i, name) in names.enumerated() where !literal.insert(name).inserted { repeats.append(i) }
        guard !repeats.isEmpty else { return names }
        var out = names
        var taken = literal
        for i in repeats { out[i] = renamed(names[i], taken: &taken) }
        return out
    }

    /// The key of one more repeat of `name`: `name (n)` for the smallest n ≥ 2 not in
    /// `taken`, which then holds it. `taken` holds every key given so far, the literal names
    /// of all fields among them.
    static func renamed(_ name: String, taken: inout Set<String>) -> String {
        var n = 2
        while true {
            let key = "\(name) (\(n))"
            if taken.insert(key).inserted { return key }
            n += 1
        }
    }
}
