import PinModel
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// What a format reader does with the events of an XML document. Names are local names
/// (the prefix before a colon dropped: `osmand:color` → `color`, `gx:Track` → `Track`).
protocol XMLEventHandler: AnyObject {
    /// An element starts, on 1-based `line` of the file. `pinmap` tells an element in Pinmap's
    /// own export namespace (prefix `pinmap:`, as `GPXExport`/`KMLExport` write it).
    func start(_ name: String, pinmap: Bool, attributes: [String: String], line: Int)
    func end(_ name: String)
    /// Text or CDATA content (possibly in several pieces).
    func characters(_ text: String)
    /// True once the handler wants no more events (its consumer left).
    var stopped: Bool { get }
}

/// Runs Foundation's `XMLParser` (libxml2's SAX parser) over a document for a handler.
///
/// Namespaces are not processed: names arrive with their prefix, which is dropped here, so a
/// prefix the file never declares (`<osmand:color>` without `xmlns:osmand`, as some OsmAnd
/// versions write) is no obstacle; libxml2's namespace errors (codes 200-299) are not fatal
/// and are ignored. Any other error (a tag left open, a stray `<`) stops the parse, and the
/// file is refused with the line and column where libxml2 noticed it.
///
/// The parse is stopped from the next event callback, never from the error callback: libxml2
/// 2.9's `xmlStopParser` there frees the input it is still decoding (an unknown
/// `encoding="UTF-8-"` crashed the GPX import: fuzz case-10259). After a fatal error libxml2
/// sends no more events, so the rest of the file is only scanned.
final class XMLRunner: NSObject, XMLParserDelegate {
    // Strong (the handler does not hold the runner): a weak load per event cost 6% of a GPX import.
    private let handler: XMLEventHandler
    private var failure: (line: Int, column: Int, code: Int)?
    /// The elements open when the parse stopped, outermost first (local names).
    private var open: [String] = []

    private init(handler: XMLEventHandler) {
        self.handler = handler
    }

    /// Parses `data` into `handler`.
    /// - Returns: notes for the import report on what was left out (`XMLInputGuard`).
    /// - Throws: `ImportError.malformedXML` with the error's line, column and a reason.
    @discardableResult
    static func run(_ data: Data, path: String, handler: XMLEventHandler) throws(ImportError) -> [ImportNote] {
        let runner = XMLRunner(handler: handler)
        // From a stream, which XMLParser feeds to libxml2 in chunks: given all the data at
        // once, libxml2 refuses a document over 10 MB ("huge input lookup", error 1).
        guard let transcoded = XMLInputGuard.utf8(data) else {
            throw .malformedXML(path: path, line: 1, column: 1, reason: .invalidUnicode)
        }
        let utf8 = XMLInputGuard.utf8UnderLegacyDeclaration(transcoded)
        let neutralized: XMLInputGuard.Neutralized
        do {
            neutralized = try XMLInputGuard.neutralized(utf8)
        } catch {
            let at = XMLInputGuard.position(of: error.offset, in: utf8)
            throw .malformedXML(path: path, line: at.line, column: at.column, reason: error.reason)
        }
        let text = neutralized.data
        // FoundationXML traps on names and attributes that are not UTF-8 (libxml2 lets some
        // through when the document says nothing of its encoding): refuse those bytes first.
        if let bad = XMLInputGuard.firstInvalidUTF8(text) {
            throw .malformedXML(path: path, line: bad.line, column: bad.column,
                                reason: .notUTF8)
        }
        let parser = XMLParser(stream: InputStream(data: text))
        parser.shouldProcessNamespaces = false
        parser.shouldResolveExternalEntities = false
        parser.delegate = runner
        _ = parser.parse()
        if let f = runner.failure {
            // What libxml2 says when the text stops inside the document: "extra content" (5), a
            // malformed tag (68, 73), "ends before a tag is closed" (77). A mismatched end tag
            // (76) or an open comment (45) is a fault of its own, said as such.
            let cutOff = [5, 68, 73, 77].contains(f.code) && !runner.open.isEmpty
                && endsAfter(line: f.line, column: f.column, in: text)
            throw .malformedXML(path: path, line: f.line, column: f.column,
                                reason: cutOff ? endsEarly(runner.open) : .parser(XMLErrorReason.fault(code: f.code)))
        }
        return neutralized.notes
    }

    /// True when no tag starts after `line`, `column` (1-based; bytes) of `text`: the error
    /// libxml2 reports there (whatever its code: "extra content", "malformed tag") comes from
    /// the document ending, not from something in it.
    private static func endsAfter(line: Int, column: Int, in text: Data) -> Bool {
        var l = 1, i = text.startIndex
        while l < line, let nl = text[i...].firstIndex(of: 0x0A) { l += 1; i = nl + 1 }
        let at = min(text.endIndex, i + max(0, column - 1))
        return !text[at...].contains(0x3C)
    }

    /// The reason for a document that ends with `open` elements unclosed (a cut-off download).
    private static func endsEarly(_ open: [String]) -> XMLProblem {
        .endsEarly(root: open[0], innermost: open.last.flatMap { $0 == open[0] ? nil : $0 }, open: open.count)
    }

    static func localName(_ name: String) -> String {
        // Over the contiguous UTF-8 (every name XMLParser makes): a String.UTF8View scan
        // cost 4% of a GPX parse.
        let local = name.utf8.withContiguousStorageIfAvailable { bytes -> String? in
            guard let colon = bytes.lastIndex(of: 0x3A) else { return nil }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[(colon + 1)...]), as: UTF8.self)
        }
        switch local {
        case .some(.some(let l)): return l
        case .some(.none): return name
        case .none:
            let utf8 = name.utf8
            guard let colon = utf8.lastIndex(of: 0x3A) else { return name }
            return String(Substring(utf8[utf8.index(after: colon)...]))
        }
    }

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName: String?, attributes: [String: String] = [:]) {
        if failure != nil { return parser.abortParsing() }
        let local = Self.localName(elementName)
        let pinmap = local.utf8.count != elementName.utf8.count && elementName.hasPrefix("pinmap:")
        open.append(local)
        handler.start(local, pinmap: pinmap, attributes: attributes, line: parser.lineNumber)
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        if failure != nil { return parser.abortParsing() }
        if !open.isEmpty { open.removeLast() }
        handler.end(Self.localName(elementName))
        if handler.stopped { parser.abortParsing() }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if failure != nil { return parser.abortParsing() }
        handler.characters(string)
    }

    func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
        if failure != nil { return parser.abortParsing() }
        handler.characters(String(decoding: CDATABlock, as: UTF8.self))
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
        let code = (parseError as NSError).code
        if (200..<300).contains(code) || failure != nil || handler.stopped { return }  // namespace errors: not fatal
        failure = (parser.lineNumber, parser.columnNumber, code)
    }
}
