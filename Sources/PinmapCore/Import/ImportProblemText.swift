import Foundation
import PinModel

/// The importer's typed problems (coordinate reference system, GeoPackage, Shapefile, XML) in the
/// UI's language; a library's own message (PROJ's, SQLite's) stays verbatim, quoted.
enum ImportProblemText {
    /// `unknown coordinate reference system "EPSG:99999": …`, after where it was named.
    static func text(_ problem: CoordinateSystemProblem, source: CoordinateSystemSource?) -> String {
        let where_ = source.map { self.text($0) + ": " } ?? ""
        switch problem {
        case .projUnavailable: return where_ + S.crsProjUnavailable.text
        case .projMissing(let reason): return where_ + S.crsProjMissing(reason)
        case let .unknown(definition, cause, missingDatabase):
            return where_ + S.crsUnknown(definition, text(cause)) + (missingDatabase ? S.crsNoDatabase.text : "")
        case .undefinedCartesian(let table): return where_ + S.crsUndefinedCartesian(table)
        }
    }

    static func text(_ cause: CoordinateSystemProblem.Cause) -> String {
        switch cause {
        case .empty: return S.crsEmpty.text
        case .notADefinition: return S.crsNotADefinition.text
        case .unreadable(let proj): return S.crsUnreadable(proj)
        case .operation: return S.crsOperation.text
        case .noWGS84: return S.crsNoWGS84.text
        case .noOperation(let proj): return S.crsNoOperation(proj)
        case .axisOrder(let proj): return S.crsAxisOrder(proj)
        }
    }

    /// `--crs`, `.prj` and `"crs"` are what the file or command says; a GeoPackage table is worded.
    static func text(_ source: CoordinateSystemSource) -> String {
        switch source {
        case .option: return "--crs"
        case .prj: return ".prj"
        case .geoJSONMember: return "\"crs\""
        case let .geoPackageTable(table, srs): return S.crsSourceTable(table, srs)
        }
    }

    static func text(_ problem: GeoPackageProblem) -> String {
        switch problem {
        case .pinmapStore: return S.gpkgPinmapStore.text
        case .noContentsTable(let id): return S.gpkgNoContents(id)
        case let .missingGeometryColumn(table, column): return S.gpkgNoGeometryColumn(table, column)
        case let .missingSpatialReference(table, srs): return S.gpkgNoSpatialReference(table, srs)
        case let .sqlite(table, detail): return table.map { S.gpkgSQLiteTable($0, detail) } ?? S.gpkgSQLite(detail)
        }
    }

    static func text(_ problem: ShapefileProblem) -> String {
        switch problem {
        case .tableWithoutShapes: return S.shpTableAlone.text
        case let .part(ext, shp): return S.shpPart(ext, shp)
        case .missingIndex(let shx): return S.shpMissingIndex(shx)
        case .damaged: return S.shpDamaged.text
        case let .cutShort(declared, actual): return S.shpCutShort(declared, actual)
        case .unknownCodePage(let page): return S.shpCodePage(page)
        }
    }

    static func text(_ problem: XMLProblem) -> String {
        switch problem {
        case .parser(let fault): return text(fault)
        case .invalidUnicode: return S.xmlInvalidUnicode.text
        case .notUTF8: return S.xmlNotUTF8.text
        case let .endsEarly(root, innermost, open):
            return innermost.map { S.xmlEndsEarlyInside(root, $0, open) } ?? S.xmlEndsEarly(root, open)
        case .nulCharacter: return S.xmlNul.text
        case .doubleHyphenInComment: return S.xmlDoubleHyphen.text
        case let .flood(what, limit):
            let n = limit.formatted()
            switch what {
            case .attributes: return S.xmlFloodAttributes(n)
            case .declarations: return S.xmlFloodDeclarations(n)
            case .names: return S.xmlFloodNames(n)
            case .parameterReferences: return S.xmlFloodParameterReferences(n)
            case .entityReferences: return S.xmlFloodEntityReferences(n)
            }
        case .notXML(let expected): return S.xmlNotXML(expected)
        }
    }

    /// libxml2's fault, grouped (`XMLParserFault`).
    static func text(_ fault: XMLParserFault) -> String {
        switch fault {
        case .tooLong: return S.xfTooLong.text
        case .outOfMemory: return S.xfOutOfMemory.text
        case .emptyOrNotXML: return S.xfEmptyOrNotXML.text
        case .extraContent: return S.xfExtraContent.text
        case .invalidCharacterReference: return S.xfInvalidCharacterReference.text
        case .invalidCharacter: return S.xfInvalidCharacter.text
        case .characterReferenceOutsideRoot: return S.xfCharacterReferenceOutsideRoot.text
        case .entityReferenceOutsideRoot: return S.xfEntityReferenceOutsideRoot.text
        case .parameterEntity: return S.xfParameterEntity.text
        case .undefinedEntity: return S.xfUndefinedEntity.text
        case .unusableEntity: return S.xfUnusableEntity.text
        case .encoding: return S.xfEncoding.text
        case .unclosedQuote: return S.xfUnclosedQuote.text
        case .entityDeclaration: return S.xfEntityDeclaration.text
        case .lessThanInAttribute: return S.xfLessThanInAttribute.text
        case .malformedAttribute: return S.xfMalformedAttribute.text
        case .duplicateAttribute: return S.xfDuplicateAttribute.text
        case .openComment: return S.xfOpenComment.text
        case .openInstruction: return S.xfOpenInstruction.text
        case .doctype: return S.xfDoctype.text
        case .xmlDeclaration: return S.xfXmlDeclaration.text
        case .cdata: return S.xfCdata.text
        case .reservedName: return S.xfReservedName.text
        case .attributeSpace: return S.xfAttributeSpace.text
        case .malformedTag: return S.xfMalformedTag.text
        case .mismatchedEndTag: return S.xfMismatchedEndTag.text
        case .endsBeforeClose: return S.xfEndsBeforeClose.text
        case .doubleHyphenInComment: return S.xfDoubleHyphenInComment.text
        case .uri: return S.xfUri.text
        case .nameTooLong: return S.xfNameTooLong.text
        case .other: return S.xfOther.text
        }
    }
}
