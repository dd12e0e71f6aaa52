import PinModel
import Foundation

/// What Foundation's `XMLParser` must not be given, found before it parses: processing
/// instructions (blanked, keeping a well-formed XML declaration at the start) and bytes that
/// are not UTF-8 in a document meant as UTF-8 (refused by the caller).
///
/// Why: FoundationXML on Linux traps (SIGILL/SIGSEGV) in its processing-instruction callback
/// when an instruction has no data (`<?foo?>`) or a target that is not valid UTF-8 (fuzz
/// cases 380 and 18318: a damaged `<?xml …?>` line). No format Pinmap reads carries anything
/// in processing instructions, so they are replaced by spaces. Line breaks inside them are
/// kept, so every line and column libxml2 reports stays the file's own. Comments and CDATA
/// sections are skipped: a `<?` inside them is text.
///
/// A comment holding `--` (which XML forbids) is refused here, at its place: libxml2 2.9
/// copies the whole comment read so far into each error it raises for one, so a comment of
/// many dashes took quadratic time (fuzz seed 67, case 20793: 300,000 dashes, 28 s).
///
/// So is an element with more than `maxAttributes` attributes (namespace declarations
/// included): libxml2 compares each attribute with every one before it, so one element with
/// 200,000 of them (2.3 MB) took 14 s, 400,000 took 66 s. GPX and KML elements have a few.
///
/// The document type's own declarations are bounded too: more than `maxEntities` entity
/// and element declarations are refused (libxml2 took time quadratic in their number:
/// 450,000 entities, 8 MB, 20 s), and attribute-list declarations (`<!ATTLIST …>`) are blanked: the defaults
/// they declare are added to every element, so a few thousand of them on small elements
/// multiplied the quadratic attribute check above. GPX and KML use neither. Notation
/// declarations (`<!NOTATION …>`) are blanked too: FoundationXML crashed (SIGSEGV) on a single
/// one. More than `maxNames` different element, attribute and namespace names are refused:
/// libxml2 2.9 keeps them in a dictionary that stops growing at 16,384 buckets, so distinct
/// names cost time quadratic in their number (`<x0/><x1/>…`: 5 MB took 4 s, 10 MB 20 s).
/// More than `maxParameterReferences` parameter entity references (`%name;`) in the
/// document type are refused (each may declare entities again: 1.7 million took 4 s and
/// 350 MB). A document that
/// declares entities may refer to them at most `maxEntityReferences` times (each reference
/// costs FoundationXML microseconds: 1.7 million of them, 5 MB, took 5 s).
///
/// An external entity (`<!ENTITY x SYSTEM "file:///etc/passwd">`) is never read: its
/// declaration is rewritten in place as an internal one of one space (`<!ENTITY x " "  …>`),
/// and a note says so. Why a space: FoundationXML drops the first piece of text after a
/// reference to a declared entity (meant to be the entity's own text, which it does not
/// pass on). An external entity has no text here, so the text after its reference was
/// dropped instead (a placemark's coordinates: it was rejected); the space is what is dropped
/// now, and `A&x;B` reads as `AB`.
enum XMLInputGuard {
    /// The most attributes one element may have (Scripts/fuzz_import.py's shape attacks
    /// time an element at the limit).
    static let maxAttributes = 1_000
    /// The most entity and element declarations a document may make.
    static let maxEntities = 1_000
    /// The most different element, attribute and namespace names a document may use.
    static let maxNames = 10_000
    /// The most parameter entity references (`%name;`) the document type may hold.
    static let maxParameterReferences = 1_000
    /// The most references (`&name;`, other than XML's five and character references) a
    /// document that declares entities may make.
    static let maxEntityReferences = 100_000

    /// The document as FoundationXML may parse it, and what the guard changed, in notes.
    struct Neutralized {
        var data: Data
        var notes: [ImportNote]
    }

    /// A construct refused before FoundationXML parses: where (a byte offset into the UTF-8
    /// document) and why, in the user's words.
    struct Refusal: Error, Equatable {
        var offset: Int
        var reason: XMLProblem
    }

    /// What one pass over the markup found.
    struct Scan: Equatable {
        /// Processing instructions to blank, in order.
        var instructions: [Range<Int>] = []
        /// The offset of the first `--` inside a comment that does not close it.
        var doubleHyphen: Int?
        /// The offset of the first start tag with more than `maxAttributes` attributes.
        var attributeFlood: Int? = nil
        /// The offset of the entity declaration past `maxEntities`.
        var entityFlood: Int? = nil
        /// The offset of the entity reference past `maxEntityReferences`.
        var referenceFlood: Int? = nil
        /// The offset of the parameter entity reference past `maxParameterReferences`.
        var parameterFlood: Int? = nil
        /// The offset of the start tag that brought the names past `maxNames`.
        var nameFlood: Int? = nil
        /// Attribute-list and notation declarations to blank.
        var attributeLists: [Range<Int>] = []
        /// External entity declarations: the entity's name and the range from its `SYSTEM` or
        /// `PUBLIC` keyword up to (not including) the declaration's closing `>`.
        var externalEntities: [ExternalEntity] = []
        /// References (`%name;`) in the document type to the external parameter entities.
        var externalParameterReferences: [Range<Int>] = []
    }

    /// `<!ENTITY name SYSTEM "…">` (or `PUBLIC`, or a parameter entity `% name`).
    struct ExternalEntity: Equatable {
        /// As a reference spells it: `&name;`, or `%name;` for a parameter entity.
        var reference: String
        var definition: Range<Int>
    }

    /// `data` with every processing instruction blanked, except an XML declaration of
    /// printable ASCII at the very start (after a UTF-8 byte order mark). Returns `data`
    /// itself (no copy) when there is nothing to blank.
    /// - Throws: `Refusal` at the first NUL byte, or at the first `--` inside a comment.
    static func neutralized(_ data: Data) throws(Refusal) -> Neutralized {
        // XML allows no U+0000, and a NUL byte here means UTF-16/32 text that was not
        // transcoded (a file encoded twice, or declared UCS-2): libxml2 would detect or switch
        // to that encoding and find the instructions this guard cannot see (fuzz seed 73,
        // case 23558: `<?foo?>` in UTF-16 inside UTF-16, and FoundationXML trapped).
        if let nul = data.withUnsafeBytes({ find(0x00, in: $0, from: 0) }) {
            throw Refusal(offset: nul, reason: .nulCharacter)
        }
        let scan = data.withUnsafeBytes { self.scan($0) }
        if let at = scan.doubleHyphen {
            throw Refusal(offset: at, reason: .doubleHyphenInComment)
        }
        // Each flood the scan counted, with what it means; the first found is refused.
        let floods: [(offset: Int?, what: XMLFlood, limit: Int)] = [
            (scan.attributeFlood, .attributes, maxAttributes),
            (scan.entityFlood, .declarations, maxEntities),
            (scan.nameFlood, .names, maxNames),
            (scan.parameterFlood, .parameterReferences, maxParameterReferences),
            (scan.referenceFlood, .entityReferences, maxEntityReferences),
        ]
        if let flood = floods.first(where: { $0.offset != nil }), let at = flood.offset {
            throw Refusal(offset: at, reason: .flood(flood.what, limit: flood.limit))
        }
        let ranges = scan.instructions + scan.attributeLists
        guard !ranges.isEmpty || !scan.externalEntities.isEmpty else { return Neutralized(data: data, notes: []) }
        var out = data
        out.withUnsafeMutableBytes { bytes in
            // A reference to an external parameter entity would make libxml2 look the entity
            // up (FoundationXML finds none, and the whole file was refused): it goes too.
            for r in ranges + scan.externalEntities.map(\.definition) + scan.externalParameterReferences {
                for i in r where bytes[i] != 0x0A && bytes[i] != 0x0D { bytes[i] = 0x20 }
            }
            // In place of the keyword `SYSTEM`/`PUBLIC` (6 bytes on one line): `" "`.
            for e in scan.externalEntities {
                bytes[e.definition.lowerBound] = 0x22
                bytes[e.definition.lowerBound + 2] = 0x22
            }
        }
        return Neutralized(data: out, notes: externalEntityNote(scan.externalEntities).map { [$0] } ?? [])
    }

    /// One note naming the external entities left out (up to 5, each name cut to 40 bytes).
    private static func externalEntityNote(_ entities: [ExternalEntity]) -> ImportNote? {
        guard !entities.isEmpty else { return nil }
        return .externalEntities(references: entities.prefix(5).map(\.reference), count: entities.count)
    }

    /// One linear pass: the processing instructions to blank and the first `--` in a comment.
    /// Stops at that `--` (the document is refused then).
    static func scan(_ b: UnsafeRawBufferPointer) -> Scan {
        var scan = Scan()
        var i = b.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        let first = i
        var entities = 0
        var prologEnd: Int? = nil
        var names = Set<UInt64>()
        while let lt = find(0x3C, in: b, from: i) {  // '<'
            if has("<!--", in: b, at: lt) {
                // The first `--` closes the comment, or is one XML forbids. None: the comment
                // is left open, and libxml2 says so (in linear time: it raises no error per dash).
                guard let dashes = start(of: "--", in: b, from: lt + 4) else { break }
                guard has("-->", in: b, at: dashes) else {
                    scan.doubleHyphen = dashes
                    break
                }
                i = dashes + 3
            } else if has("<![CDATA[", in: b, at: lt) {
                i = end(of: "]]>", in: b, from: lt + 9)
            } else if has("<?", in: b, at: lt) {
                let close = end(of: "?>", in: b, from: lt + 2)
                if !(lt == first && isDeclaration(b, lt..<close)) { scan.instructions.append(lt..<close) }
                i = close
            } else if has("<!ENTITY", in: b, at: lt) {
                entities += 1
                if entities > maxEntities {
                    scan.entityFlood = lt
                    break
                }
                let (entity, close) = entityDeclaration(b, at: lt)
                if let entity { scan.externalEntities.append(entity) }
                i = close
            } else if has("<!ELEMENT", in: b, at: lt) {
                entities += 1  // one more declaration, under the same bound
                if entities > maxEntities {
                    scan.entityFlood = lt
                    break
                }
                i = declarationEnd(b, from: lt + 9)
            } else if has("<!ATTLIST", in: b, at: lt) || has("<!NOTATION", in: b, at: lt) {
                let close = declarationEnd(b, from: lt + 9)
                scan.attributeLists.append(lt..<close)
                i = close
            } else if lt + 1 < b.count, isNameStart(b[lt + 1]) {
                if prologEnd == nil {
                    prologEnd = lt
                    if let at = parameterFlood(b, before: lt) {
                        scan.parameterFlood = at
                        break
                    }
                }
                let (attributes, close) = startTag(b, at: lt, names: &names)
                if attributes > maxAttributes {
                    scan.attributeFlood = lt
                    break
                }
                if names.count > maxNames {
                    scan.nameFlood = lt
                    break
                }
                i = close
            } else {
                i = lt + 1
            }
        }
        if prologEnd == nil, scan.doubleHyphen == nil, scan.attributeFlood == nil, scan.entityFlood == nil {
            scan.parameterFlood = parameterFlood(b, before: b.count)  // no element: all of it is prolog
        }
        if entities > 0 { scan.referenceFlood = referenceFlood(b) }
        let parameters = Set(scan.externalEntities.map(\.reference).filter { $0.hasPrefix("%") })
        if !parameters.isEmpty {
            scan.externalParameterReferences = references(to: parameters, in: b, before: prologEnd ?? b.count)
        }
        return scan
    }

    /// The offset of the parameter entity reference (`%` and a name) past
    /// `maxParameterReferences` before `end` (the first element), if any.
    private static func parameterFlood(_ b: UnsafeRawBufferPointer, before end: Int) -> Int? {
        var count = 0
        var i = 0
        while let percent = find(0x25, in: b, from: i), percent < end {  // '%'
            i = percent + 1
            guard i < end, isNameStart(b[i]) else { continue }
            count += 1
            if count > maxParameterReferences { return percent }
        }
        return nil
    }

    /// Where `%name;` names one of `parameters` (spelled `%name;`) before `end`.
    private static func references(to parameters: Set<String>, in b: UnsafeRawBufferPointer, before end: Int) -> [Range<Int>] {
        var found: [Range<Int>] = []
        var i = 0
        while let percent = find(0x25, in: b, from: i), percent < end {  // '%'
            i = percent + 1
            // Names here are at most 40 bytes: a `;` farther away closes no reference of ours
            // (and looking no farther keeps the pass linear).
            var semicolon = i
            while semicolon < min(end, percent + 42), b[semicolon] != 0x3B { semicolon += 1 }
            guard semicolon < end, b[semicolon] == 0x3B else { continue }
            let candidate = percent..<(semicolon + 1)
            guard parameters.contains(String(decoding: b[candidate], as: UTF8.self)) else { continue }
            found.append(candidate)
            i = semicolon + 1
        }
        return found
    }

    /// The offset of the reference past `maxEntityReferences` to an entity other than XML's
    /// five (`&amp;` …), character references (`&#…;`) aside; nil when there are fewer.
    private static func referenceFlood(_ b: UnsafeRawBufferPointer) -> Int? {
        var count = 0
        var i = 0
        while let amp = find(0x26, in: b, from: i) {  // '&'
            i = amp + 1
            guard i < b.count, b[i] != 0x23 else { continue }  // '#': a character reference
            if has("amp;", in: b, at: i) || has("lt;", in: b, at: i) || has("gt;", in: b, at: i)
                || has("quot;", in: b, at: i) || has("apos;", in: b, at: i) { continue }
            count += 1
            if count > maxEntityReferences { return amp }
        }
        return nil
    }

    /// A start tag at `lt`: how many attributes it has (its `=` outside quoted values) and
    /// the index just past its `>` (or the end of the data).
    /// Its element name, attribute names and namespace names go into `names` (as 64-bit
    /// FNV-1a hashes): the names libxml2 keeps in its dictionary.
    private static func startTag(_ b: UnsafeRawBufferPointer, at lt: Int, names: inout Set<UInt64>) -> (attributes: Int, end: Int) {
        let basis: UInt64 = 0xCBF2_9CE4_8422_2325, prime: UInt64 = 0x100_0000_01B3
        var count = 0
        var quote: UInt8? = nil
        var hash = basis
        var inElementName = true
        var tokenStart = lt + 1
        var valueIsNamespace = false
        var i = lt + 1
        while i < b.count {
            let c = b[i]
            if let q = quote {
                if c == q {
                    quote = nil
                    if valueIsNamespace { names.insert(hash) }
                    valueIsNamespace = false
                    hash = basis
                } else if valueIsNamespace {
                    hash = (hash ^ UInt64(c)) &* prime
                }
            } else if c == 0x22 || c == 0x27 {
                quote = c
                hash = basis
            } else if c == 0x3D {  // `=` ends an attribute's name
                count += 1
                names.insert(hash)
                valueIsNamespace = has("xmlns", in: b, at: tokenStart)
                hash = basis
            } else if c == 0x3E || c == 0x3C || c == 0x2F || isSpace(c) {
                if inElementName { names.insert(hash); inElementName = false }
                // `>`, or a `<` that starts the next tag of a damaged one
                if c == 0x3E || c == 0x3C { return (count, c == 0x3E ? i + 1 : i) }
                hash = basis
                tokenStart = i + 1
            } else {
                hash = (hash ^ UInt64(c)) &* prime
            }
            i += 1
        }
        return (count, b.count)
    }

    /// An entity declaration at `lt` (`<!ENTITY`): the external one it declares, if any, and
    /// the index just past its `>` (quoted values may hold `>`).
    private static func entityDeclaration(_ b: UnsafeRawBufferPointer, at lt: Int) -> (ExternalEntity?, end: Int) {
        var i = lt + 8
        func skipSpace() { while i < b.count, isSpace(b[i]) { i += 1 } }
        func word() -> Range<Int> {
            let start = i
            while i < b.count, !isSpace(b[i]), b[i] != 0x3E, b[i] != 0x22, b[i] != 0x27 { i += 1 }
            return start..<i
        }
        skipSpace()
        let parameter = i < b.count && b[i] == 0x25  // `%`: a parameter entity
        if parameter { i += 1; skipSpace() }
        let name = word()
        skipSpace()
        let keyword = word()
        let external = has("SYSTEM", in: b, at: keyword.lowerBound) || has("PUBLIC", in: b, at: keyword.lowerBound)
        var quote: UInt8? = nil
        while i < b.count {
            let c = b[i]
            if let q = quote {
                if c == q { quote = nil }
            } else if c == 0x22 || c == 0x27 {
                quote = c
            } else if c == 0x3E {
                guard external, keyword.count == 6, !name.isEmpty else { return (nil, i + 1) }
                let spelled = (parameter ? "%" : "&") + String(decoding: b[name.prefix(40)], as: UTF8.self) + ";"
                return (ExternalEntity(reference: spelled, definition: keyword.lowerBound..<i), i + 1)
            }
            i += 1
        }
        return (nil, b.count)  // never closed: libxml2 refuses it
    }

    /// The index just past the `>` that closes a declaration (quoted values may hold `>`),
    /// or the end of the data.
    private static func declarationEnd(_ b: UnsafeRawBufferPointer, from start: Int) -> Int {
        var quote: UInt8? = nil
        var i = start
        while i < b.count {
            let c = b[i]
            if let q = quote {
                if c == q { quote = nil }
            } else if c == 0x22 || c == 0x27 {
                quote = c
            } else if c == 0x3E {
                return i + 1
            }
            i += 1
        }
        return b.count
    }

    /// A byte that may start an element's name: a letter, `_`, `:` or any non-ASCII byte.
    private static func isNameStart(_ c: UInt8) -> Bool {
        (c | 0x20 >= 0x61 && c | 0x20 <= 0x7A) || c == 0x5F || c == 0x3A || c >= 0x80
    }

    private static func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D }

    /// `<?xml` and a space, then printable ASCII up to `?>`.
    /// `<?xml`, white space, then `name="value"` pairs only: names and values of letters,
    /// digits and `. - _ :`, no line break inside a value. Anything else (a damaged
    /// declaration, which made FoundationXML trap) is blanked like any other instruction.
    private static func isDeclaration(_ b: UnsafeRawBufferPointer, _ r: Range<Int>) -> Bool {
        guard has("<?xml", in: b, at: r.lowerBound), r.count > 7, has("?>", in: b, at: r.upperBound - 2) else { return false }
        let next = b[r.lowerBound + 5]
        guard next == 0x20 || next == 0x09 || next == 0x0A || next == 0x0D else { return false }
        var quote: UInt8? = nil
        for c in b[(r.lowerBound + 5)..<(r.upperBound - 2)] {
            let word = (c >= 0x30 && c <= 0x39) || (c | 0x20 >= 0x61 && c | 0x20 <= 0x7A) || c == 0x2E || c == 0x2D || c == 0x5F || c == 0x3A
            if let q = quote {
                if c == q { quote = nil } else if !word { return false }
            } else if c == 0x22 || c == 0x27 {
                quote = c
            } else if !(word || c == 0x3D || c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D) {
                return false
            }
        }
        return quote == nil
    }

    private static func find(_ byte: UInt8, in b: UnsafeRawBufferPointer, from i: Int) -> Int? {
        guard i < b.count, let base = b.baseAddress else { return nil }
        guard let p = memchr(base + i, Int32(byte), b.count - i) else { return nil }
        return base.distance(to: UnsafeRawPointer(p))
    }

    private static func has(_ s: StaticString, in b: UnsafeRawBufferPointer, at i: Int) -> Bool {
        let n = s.utf8CodeUnitCount
        guard i >= 0, i + n <= b.count else { return false }
        for k in 0..<n where b[i + k] != s.utf8Start[k] { return false }
        return true
    }

    /// The index just past the next `terminator` at or after `i`, or the end of the data.
    private static func end(of terminator: StaticString, in b: UnsafeRawBufferPointer, from i: Int) -> Int {
        start(of: terminator, in: b, from: i).map { $0 + terminator.utf8CodeUnitCount } ?? b.count
    }

    /// The index of the next `s` at or after `i`.
    private static func start(of s: StaticString, in b: UnsafeRawBufferPointer, from i: Int) -> Int? {
        var j = i
        while let k = find(s.utf8Start[0], in: b, from: j) {
            if has(s, in: b, at: k) { return k }
            j = k + 1
        }
        return nil
    }

    /// Line and column (1-based, the column in bytes) of byte `offset`.
    static func position(of offset: Int, in data: Data) -> (line: Int, column: Int) {
        data.withUnsafeBytes { (b: UnsafeRawBufferPointer) in
            var line = 1, lineStart = 0
            for i in 0..<min(offset, b.count) where b[i] == 0x0A { line += 1; lineStart = i + 1 }
            return (line, offset - lineStart + 1)
        }
    }

    /// Line and column (1-based, in bytes) of the first byte that is not UTF-8, when the
    /// document is meant to be UTF-8: no UTF-16/32 byte order mark and no declared encoding
    /// other than UTF-8. Nil when it is valid, or in another encoding (libxml2 converts those).
    static func firstInvalidUTF8(_ data: Data) -> (line: Int, column: Int)? {
        let offset = data.withUnsafeBytes { (b: UnsafeRawBufferPointer) -> Int? in
            guard meantAsUTF8(b) else { return nil }
            var validator = UTF8Validator()
            validator.feed(UnsafeBufferPointer(start: b.baseAddress?.assumingMemoryBound(to: UInt8.self), count: b.count))
            _ = validator.finish()
            return validator.firstInvalidOffset.map(Int.init)
        }
        return offset.map { position(of: $0, in: data) }
    }

    /// No UTF-16/32 byte order mark, and the declaration names no encoding or a UTF one.
    private static func meantAsUTF8(_ b: UnsafeRawBufferPointer) -> Bool {
        if b.starts(with: [0xFE, 0xFF]) || b.starts(with: [0xFF, 0xFE]) || b.first == 0x00 { return false }
        // Anything but a well-formed `encoding = "…"` is not an encoding libxml2 will convert
        // from, so the bytes must be UTF-8.
        guard let name = declaredEncoding(b) else { return true }
        // Any UTF name, even a damaged one (`UTF-8-`, which libxml2 does not know and then
        // passes bytes through unchecked): UTF-16/32 were transcoded before this.
        return name.lowercased().hasPrefix("utf")
    }

    /// The encoding the XML declaration at the start (after a UTF-8 byte order mark) names,
    /// as written (`EUC-KR`); nil without a declaration or a well-formed `encoding = "…"` in it.
    /// The one reading of the declaration: what libxml2 decodes by, and what the report says.
    static func declaredEncoding(_ b: UnsafeRawBufferPointer) -> String? {
        let start = b.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        guard has("<?xml", in: b, at: start) else { return nil }
        let close = end(of: "?>", in: b, from: start)
        let declaration = String(decoding: b[start..<close], as: UTF8.self)
        guard let r = declaration.range(of: "encoding") else { return nil }
        var rest = declaration[r.upperBound...].drop { $0 == " " || $0 == "\t" }
        guard rest.first == "=" else { return nil }
        rest = rest.dropFirst().drop { $0 == " " || $0 == "\t" }
        guard let quote = rest.first, quote == "\"" || quote == "'" else { return nil }
        let name = rest.dropFirst().prefix { $0 != quote && $0 != "?" }
        return name.isEmpty ? nil : String(name.prefix(40))
    }

    /// `data` with its XML declaration blanked when it names a legacy encoding (`ISO-8859-1`,
    /// `windows-1252`, `EUC-KR`) but the bytes are UTF-8 holding characters beyond ASCII, as
    /// tools that write UTF-8 under a fixed declaration leave them: libxml2 would decode every
    /// such character as two or three (`Café` as `CafÃ©`), silently. Legacy text is almost
    /// never valid UTF-8 beyond ASCII (EUC-KR's and Latin-1's letters are not), so the bytes
    /// win. Anything else is returned as it is.
    static func utf8UnderLegacyDeclaration(_ data: Data) -> Data {
        let blank: Range<Int>? = data.withUnsafeBytes { b in
            guard !b.starts(with: [0xEF, 0xBB, 0xBF]), let name = declaredEncoding(b),
                  !name.lowercased().hasPrefix("utf"), b.contains(where: { $0 >= 0x80 }) else { return nil }
            var validator = UTF8Validator()
            validator.feed(UnsafeBufferPointer(start: b.baseAddress?.assumingMemoryBound(to: UInt8.self), count: b.count))
            guard validator.finish(), validator.firstInvalidOffset == nil else { return nil }
            return 0..<end(of: "?>", in: b, from: 0)
        }
        guard let blank else { return data }
        var out = data
        out.withUnsafeMutableBytes { b in for i in blank where b[i] != 0x0A && b[i] != 0x0D { b[i] = 0x20 } }
        return out
    }

    /// Blanks the XML declaration at the start of `text` (UTF-8), keeping its line breaks: after
    /// a transcoding it names the old encoding.
    static func blankDeclaration(_ text: inout [UInt8]) {
        text.withUnsafeMutableBytes { b in
            guard has("<?xml", in: UnsafeRawBufferPointer(b), at: 0) else { return }
            let close = end(of: "?>", in: UnsafeRawBufferPointer(b), from: 0)
            for i in 0..<close where b[i] != 0x0A && b[i] != 0x0D { b[i] = 0x20 }
        }
    }

    /// `data` as UTF-8: a UTF-16 or UTF-32 document (by its byte order mark, or by `<` as its
    /// first character) is transcoded and its XML declaration blanked (it names the old
    /// encoding); UTF-8 and 8-bit documents are returned as they are. Nil when the bytes are
    /// not valid in the encoding they start in.
    /// Why: the processing instructions and bytes the guard must find are only visible in UTF-8.
    static func utf8(_ data: Data) -> Data? {
        let head = [UInt8](data.prefix(4))
        func starts(_ p: [UInt8]) -> Bool { head.starts(with: p) }
        let encoding: String.Encoding
        var bom = 0
        if starts([0x00, 0x00, 0xFE, 0xFF]) { encoding = .utf32BigEndian; bom = 4 }
        else if starts([0xFF, 0xFE, 0x00, 0x00]) { encoding = .utf32LittleEndian; bom = 4 }
        else if starts([0xFE, 0xFF]) { encoding = .utf16BigEndian; bom = 2 }
        else if starts([0xFF, 0xFE]) { encoding = .utf16LittleEndian; bom = 2 }
        else if starts([0x00, 0x00, 0x00, 0x3C]) { encoding = .utf32BigEndian }
        else if starts([0x3C, 0x00, 0x00, 0x00]) { encoding = .utf32LittleEndian }
        else if starts([0x00, 0x3C]) { encoding = .utf16BigEndian }
        else if starts([0x3C, 0x00]) { encoding = .utf16LittleEndian }
        else { return data }
        guard let text = String(data: data.dropFirst(bom), encoding: encoding) else { return nil }
        var out = Data(text.utf8)
        out.withUnsafeMutableBytes { b in
            guard has("<?xml", in: UnsafeRawBufferPointer(b), at: 0) else { return }
            let close = end(of: "?>", in: UnsafeRawBufferPointer(b), from: 0)
            for i in 0..<close where b[i] != 0x0A && b[i] != 0x0D { b[i] = 0x20 }
        }
        return out
    }
}
