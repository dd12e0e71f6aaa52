/// Why a GPX or KML file is refused as XML, as values: the command line words it in English
/// (PinImport), the UI in the user's language (PinmapCore). Never a bare libxml2 number.
public enum XMLProblem: Sendable, Equatable {
    /// What libxml2 found (its error codes grouped by what the user can fix).
    case parser(XMLParserFault)
    /// The file starts as UTF-16 or UTF-32 but is not valid in it.
    case invalidUnicode
    /// Bytes that are not UTF-8 in a document that declares no other encoding.
    case notUTF8
    /// The document ends with elements left open: the outermost, the innermost when it is
    /// another one, and how many (a cut-off download).
    case endsEarly(root: String, innermost: String?, open: Int)
    /// A NUL character (a file encoded twice, UTF-16 inside another encoding).
    case nulCharacter
    /// `--` inside a comment.
    case doubleHyphenInComment
    /// More of something than a pin file ever holds, past `limit` (a damaged or hostile file).
    case flood(XMLFlood, limit: Int)
    /// A `.gpx` or `.kml` (`expected`: `GPX`, `KML`) that does not start with `<`.
    case notXML(expected: String)
}

/// What an XML file holds too many of (`XMLProblem.flood`).
public enum XMLFlood: Sendable, Equatable, CaseIterable {
    /// Attributes on one element.
    case attributes
    /// Entity and element declarations.
    case declarations
    /// Different element and attribute names.
    case names
    /// Parameter entity references (`%name;`) in the document type.
    case parameterReferences
    /// References to the document's own entities.
    case entityReferences
}

/// libxml2's parser errors (`xmlParserErrors`, libxml/xmlerror.h), grouped by what the user can
/// fix; PinImport's `XMLErrorReason` maps each code to one.
public enum XMLParserFault: Sendable, Equatable, CaseIterable {
    case tooLong, outOfMemory, emptyOrNotXML, extraContent, invalidCharacterReference, invalidCharacter
    case characterReferenceOutsideRoot, entityReferenceOutsideRoot, parameterEntity, undefinedEntity, unusableEntity
    case encoding, unclosedQuote, entityDeclaration, lessThanInAttribute, malformedAttribute, duplicateAttribute
    case openComment, openInstruction, doctype, xmlDeclaration, cdata, reservedName, attributeSpace, malformedTag
    case mismatchedEndTag, endsBeforeClose, doubleHyphenInComment, uri, nameTooLong
    /// A code with no group of its own: the XML is not well-formed here.
    case other
}
