/// A sentence for each libxml2 error (`xmlParserErrors`, libxml/xmlerror.h) a GPX or KML
/// file can meet, so that a refusal never shows a bare number: the user can act on words.
enum XMLErrorReason {
    /// The reason for libxml2 error `code`; a code with no sentence of its own gets a general
    /// one (never a number alone).
    static func text(code: Int) -> String {
        if let words = table[code] { return words }
        return "the XML is not well-formed here"
    }

    private static let table: [Int: String] = {
        var t: [Int: String] = [:]
        func put(_ codes: [Int], _ words: String) { for c in codes { t[c] = words } }
        // 1 is libxml2's "internal error", which 2.9 raises for "huge input lookup": one
        // name, text run or attribute value too big for its buffers.
        put([1], "a name, text or attribute value too long for the XML parser")
        put([2], "the XML parser ran out of memory")
        put([3, 4], "the document is empty or not XML")
        put([5, 86], "extra content after the document's root element")
        put([6, 7, 8], "an invalid character reference (&#…;)")
        put([9, 10], "an invalid character (not allowed in XML)")
        put([11, 12, 13], "a character reference (&#…;) outside the document's root element")
        put([14, 15, 16, 17], "an entity reference (&…;) outside the document's root element")
        put([18, 19, 20, 21, 24, 25], "a malformed or unknown parameter entity reference (%…;)")
        put([22, 23, 26, 27], "an undefined or malformed entity (a bare '&'?)")
        put([28, 29, 30, 88, 89, 90], "an entity that cannot be used here (external, unparsed or recursive)")
        put([31, 32, 79, 81, 6003], "the encoding in <?xml … encoding=\"…\"?> is unknown or does not match the bytes (write encoding=\"UTF-8\")")
        put([33, 34, 43, 44], "a quoted value is not opened or not closed")
        put([36, 37, 84], "a malformed entity declaration")
        put([38], "a '<' inside an attribute value (write &lt;)")
        put([39, 40, 41, 75], "a malformed attribute")
        put([42], "an attribute appears twice in one element")
        put([45, 112], "a comment is left open (no closing '-->')")
        put([46, 47], "a processing instruction (<?…?>) is left open")
        put([48, 49, 50, 51, 52, 53, 54, 55, 58, 59, 60, 61, 83, 95],
            "a malformed document type declaration (<!DOCTYPE …>)")
        put([56, 57, 78, 96, 108, 109], "a malformed XML declaration (<?xml …?>)")
        put([62, 63], "a CDATA section is malformed or left open")
        put([64], "a name starting with 'xml' that XML reserves")
        put([65, 66], "a space is required between attributes")
        put([67, 68, 72, 73, 74], "a malformed tag (a stray '<' or a missing '>'?)")
        put([76], "an end tag does not match its start tag (a tag left open?)")
        put([77, 85], "the document ends before a tag is closed")
        put([80], "'--' inside a comment")
        put([91, 92], "a malformed URI in the document type")
        put([110], "an element or attribute name is too long")
        return t
    }()
}
