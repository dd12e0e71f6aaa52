import Foundation
import PinModel

/// libxml2's errors (`xmlParserErrors`, libxml/xmlerror.h) a GPX or KML file can meet, each
/// mapped to a fault the user can act on (`XMLParserFault`), so that a refusal never shows a
/// bare number.
enum XMLErrorReason {
    /// The fault for libxml2 error `code`; a code with no group of its own is `.other`.
    static func fault(code: Int) -> XMLParserFault { table[code] ?? .other }

    /// The English sentence for libxml2 error `code` (never a number alone).
    static func text(code: Int) -> String { fault(code: code).sentence }

    private static let table: [Int: XMLParserFault] = {
        var t: [Int: XMLParserFault] = [:]
        func put(_ codes: [Int], _ fault: XMLParserFault) { for c in codes { t[c] = fault } }
        // 1 is libxml2's "internal error", which 2.9 raises for "huge input lookup": one
        // name, text run or attribute value too big for its buffers.
        put([1], .tooLong)
        put([2], .outOfMemory)
        put([3, 4], .emptyOrNotXML)
        put([5, 86], .extraContent)
        put([6, 7, 8], .invalidCharacterReference)
        put([9, 10], .invalidCharacter)
        put([11, 12, 13], .characterReferenceOutsideRoot)
        put([14, 15, 16, 17], .entityReferenceOutsideRoot)
        put([18, 19, 20, 21, 24, 25], .parameterEntity)
        put([22, 23, 26, 27], .undefinedEntity)
        put([28, 29, 30, 88, 89, 90], .unusableEntity)
        put([31, 32, 79, 81, 6003], .encoding)
        put([33, 34, 43, 44], .unclosedQuote)
        put([36, 37, 84], .entityDeclaration)
        put([38], .lessThanInAttribute)
        put([39, 40, 41, 75], .malformedAttribute)
        put([42], .duplicateAttribute)
        put([45, 112], .openComment)
        put([46, 47], .openInstruction)
        put([48, 49, 50, 51, 52, 53, 54, 55, 58, 59, 60, 61, 83, 95], .doctype)
        put([56, 57, 78, 96, 108, 109], .xmlDeclaration)
        put([62, 63], .cdata)
        put([64], .reservedName)
        put([65, 66], .attributeSpace)
        put([67, 68, 72, 73, 74], .malformedTag)
        put([76], .mismatchedEndTag)
        put([77, 85], .endsBeforeClose)
        put([80], .doubleHyphenInComment)
        put([91, 92], .uri)
        put([110], .nameTooLong)
        return t
    }()
}

extension XMLParserFault {
    /// The command line's English.
    public var sentence: String {
        switch self {
        case .tooLong: return "a name, text or attribute value too long for the XML parser"
        case .outOfMemory: return "the XML parser ran out of memory"
        case .emptyOrNotXML: return "the document is empty or not XML"
        case .extraContent: return "extra content after the document's root element"
        case .invalidCharacterReference: return "an invalid character reference (&#…;)"
        case .invalidCharacter: return "an invalid character (not allowed in XML)"
        case .characterReferenceOutsideRoot: return "a character reference (&#…;) outside the document's root element"
        case .entityReferenceOutsideRoot: return "an entity reference (&…;) outside the document's root element"
        case .parameterEntity: return "a malformed or unknown parameter entity reference (%…;)"
        case .undefinedEntity: return "an undefined or malformed entity (a bare '&'?)"
        case .unusableEntity: return "an entity that cannot be used here (external, unparsed or recursive)"
        case .encoding: return "the encoding in <?xml … encoding=\"…\"?> is unknown or does not match the bytes (write encoding=\"UTF-8\")"
        case .unclosedQuote: return "a quoted value is not opened or not closed"
        case .entityDeclaration: return "a malformed entity declaration"
        case .lessThanInAttribute: return "a '<' inside an attribute value (write &lt;)"
        case .malformedAttribute: return "a malformed attribute"
        case .duplicateAttribute: return "an attribute appears twice in one element"
        case .openComment: return "a comment is left open (no closing '-->')"
        case .openInstruction: return "a processing instruction (<?…?>) is left open"
        case .doctype: return "a malformed document type declaration (<!DOCTYPE …>)"
        case .xmlDeclaration: return "a malformed XML declaration (<?xml …?>)"
        case .cdata: return "a CDATA section is malformed or left open"
        case .reservedName: return "a name starting with 'xml' that XML reserves"
        case .attributeSpace: return "a space is required between attributes"
        case .malformedTag: return "a malformed tag (a stray '<' or a missing '>'?)"
        case .mismatchedEndTag: return "an end tag does not match its start tag (a tag left open?)"
        case .endsBeforeClose: return "the document ends before a tag is closed"
        case .doubleHyphenInComment: return "'--' inside a comment"
        case .uri: return "a malformed URI in the document type"
        case .nameTooLong: return "an element or attribute name is too long"
        case .other: return "the XML is not well-formed here"
        }
    }
}

extension XMLProblem {
    /// The command line's English.
    public var sentence: String {
        switch self {
        case .parser(let fault): return fault.sentence
        case .invalidUnicode: return "the file starts as UTF-16 or UTF-32 but is not valid in it; save it as UTF-8"
        case .notUTF8: return "bytes that are not UTF-8: declare the file's encoding in <?xml … encoding=\"…\"?>, save it as UTF-8, or name its encoding with pinmap import --encoding"
        case let .endsEarly(root, innermost, open):
            let inner = innermost.map { ", inside <\($0)>" } ?? ""
            return "the file ends early: <\(root)> is never closed\(inner) (\(open) element\(open == 1 ? "" : "s") left open); "
                + "was it cut off? Download or export it again"
        case .nulCharacter:
            return "a NUL character, which XML does not allow (a file encoded twice, or UTF-16 inside another encoding?); save it as UTF-8"
        case .doubleHyphenInComment:
            return "'--' inside a comment (XML allows it only in the closing '-->'); remove it or close the comment"
        case let .flood(what, limit): return what.sentence(limit: limit) + "; the file is damaged or not a pin file"
        case .notXML(let expected): return "not XML (\(expected) expected): the file does not start with \"<\""
        }
    }
}

extension XMLFlood {
    func sentence(limit: Int) -> String {
        let n = limit.formatted()
        switch self {
        case .attributes: return "an element with more than \(n) attributes (GPX and KML elements have a few)"
        case .declarations: return "more than \(n) entity and element declarations (GPX and KML need none)"
        case .names: return "more than \(n) different element and attribute names (GPX and KML use a few dozen)"
        case .parameterReferences: return "more than \(n) parameter entity references (%name;) in the document type"
        case .entityReferences: return "more than \(n) references to the document's own entities"
        }
    }
}
