import PinModel
import Foundation

/// Pins from a KML 2.2 document (§2 of Tests/PinmapCLITests/Fixtures/formats/MAPPING.md), parsed by
/// `XMLParser`; KMZ hands it the archive's `doc.kml`.
///
/// A `<Placemark>` with a `<Point>` becomes a pin: `name` → title, `description` → description
/// (CDATA unwrapped, trimmed; raw HTML elements inside it kept as markup text; entity-escaped
/// HTML unescaped once, by the parser), the nearest enclosing `<Folder>`'s name → category,
/// `TimeStamp/when` → created_at in UTC, `ExtendedData` (`Data`/`value` and
/// `SchemaData`/`SimpleData`) → properties, as do `address`, `phoneNumber`, `Snippet` and a
/// `TimeSpan`'s `begin` and `end` (as written);
/// the icon colour (inline `<Style>`, else `<styleUrl>` to a `<Style>` or a `<StyleMap>`'s
/// `normal` pair, defined anywhere) → `properties.color` as `#rrggbb`. Placemarks with other
/// geometry or only an address are skipped and counted; `<NetworkLink>`s are named in a note
/// (their places are elsewhere: Google My Maps' "Keep data up to date" export holds only one).
final class KMLReader: XMLEventHandler {
    private var stack: [String] = []
    private var text = ""
    private var styles = KMLStyles()
    private var folderStack: [Int] = []
    private var placemarks: [KMLPlacemark] = []
    private var placemark: KMLPlacemark?
    /// Depth of the open `<description>`: elements below it are kept as markup text.
    private var descriptionDepth: Int?
    private var lastStartTag = ""
    /// Open geometry elements (MultiGeometry aside), and whether the outermost is a Point.
    private var geometryDepth = 0
    private var inPoint = false
    private var styleID: String?
    private var styleMapID: String?
    private var pair: (key: String?, url: String?, color: String?) = (nil, nil, nil)
    private var dataName: String?
    private var simpleDataName: String?
    /// Inside `ExtendedData/pinmap:created_at` (Pinmap's export: a created_at `when` cannot hold).
    private var inExactCreatedAt = false
    /// The `href`s of `<NetworkLink>`s, whose places are in the files they name (never fetched).
    private var networkLinks: [String] = []

    private static let geometries: Set<String> = ["Point", "LineString", "LinearRing", "Polygon", "Track", "MultiTrack", "Model"]

    /// Parses the whole document.
    /// - Throws: `ImportError.malformedXML` (the line where libxml2 stopped); nothing is kept.
    static func read(_ data: Data, path: String) throws(ImportError) -> ListedRecords {
        let reader = KMLReader()
        let guardNotes = try XMLRunner.run(data, path: path, handler: reader)
        var skips = SkipCounter()
        let outcomes = reader.placemarks.flatMap { $0.outcomes(styles: reader.styles, skips: &skips) }
        let links = reader.networkLinks.isEmpty ? [] : [ImportNote.networkLinks(links: Array(reader.networkLinks.prefix(3)), count: reader.networkLinks.count)]
        return ListedRecords(outcomes: outcomes, notes: guardNotes + skips.notes + links, skippedGeometry: skips.counts)
    }

    func start(_ name: String, pinmap: Bool, attributes: [String: String], line: Int) {
        if descriptionDepth != nil {
            lastStartTag = "<" + name + attributes.sorted { $0.key < $1.key }
                .map { " \($0.key)=\"\(XMLText.escaped($0.value, attribute: true))\"" }.joined() + ">"
            text += lastStartTag
            stack.append(name)
            return
        }
        let parent = stack.last
        stack.append(name)
        text = ""
        switch name {
        case "Folder":
            folderStack.append(styles.folderNames.count)
            styles.folderNames.append(nil)
        case "Placemark":
            placemark = KMLPlacemark(line: line, folder: folderStack.last)
        case "description" where parent == "Placemark":
            descriptionDepth = stack.count
            lastStartTag = ""
        case "Style": styleID = placemark == nil ? attributes["id"] : nil
        case "StyleMap": styleMapID = attributes["id"]
        case "Pair": pair = (nil, nil, nil)
        case "Data": dataName = attributes["name"]
        case "created_at" where pinmap && parent == "ExtendedData": inExactCreatedAt = true
        case "SimpleData": simpleDataName = attributes["name"]
        case _ where Self.geometries.contains(name) && placemark != nil:
            if geometryDepth == 0 {
                if name == "Point" { inPoint = true } else {
                    placemark?.otherGeometry.append(name == "Track" || name == "MultiTrack" ? "gx:\(name)" : name)
                }
            }
            geometryDepth += 1
        default: break
        }
    }

    func end(_ name: String) {
        defer { _ = stack.popLast() }
        if let depth = descriptionDepth {
            if stack.count == depth {
                placemark?.description = trimmedText(text)
                descriptionDepth = nil
            } else if !lastStartTag.isEmpty && text.hasSuffix(lastStartTag) {
                text.removeLast()  // an empty element: <br/>
                text += "/>"
            } else {
                text += "</\(name)>"
            }
            lastStartTag = ""
            return
        }
        let parent = stack.count >= 2 ? stack[stack.count - 2] : nil
        let value = trimmedText(text)
        text = ""
        switch name {
        case "name" where parent == "Placemark": placemark?.name = value
        case "name" where parent == "Folder": if let f = folderStack.last { styles.folderNames[f] = value }
        case "Folder": _ = folderStack.popLast()
        case "Placemark":
            if let p = placemark { placemarks.append(p) }
            placemark = nil
        case "styleUrl" where parent == "Placemark": placemark?.styleURL = value
        case "styleUrl" where parent == "Pair": pair.url = value
        case "key" where parent == "Pair": pair.key = value
        case "Pair":
            if pair.key == "normal", let id = styleMapID {
                if let url = pair.url { styles.normalStyle[id] = url }
                if let color = pair.color { styles.colors[id] = color }
            }
        case "color" where parent == "IconStyle":
            if placemark != nil { placemark?.inlineColor = value }
            else if stack.contains("Pair") { pair.color = KMLStyles.rgb(value) }
            else if let id = styleID, let rgb = KMLStyles.rgb(value) { styles.colors[id] = rgb }
        case "Style": styleID = nil
        case "StyleMap": styleMapID = nil
        case "value" where parent == "Data":
            if let key = dataName { placemark?.properties.append((key, value)) }
        case "SimpleData":
            if let key = simpleDataName { placemark?.properties.append((key, value)) }
        case "when" where parent == "TimeStamp": placemark?.when = value
        case "begin", "end":
            // A period, not a creation time: kept as written.
            if parent == "TimeSpan" && stack.count >= 3 && stack[stack.count - 3] == "Placemark" {
                placemark?.properties.append((name, value))
            }
        case "created_at" where inExactCreatedAt:
            placemark?.exactCreatedAt = value
            inExactCreatedAt = false
        case "coordinates" where inPoint: placemark?.points.append(value)
        case "href" where (parent == "Link" || parent == "Url") && stack.contains("NetworkLink"):
            networkLinks.append(value)
        case "address", "phoneNumber", "Snippet":
            if parent == "Placemark" {
                placemark?.properties.append((name, value))
                if name == "address" { placemark?.hasAddress = true }
            }
        case _ where Self.geometries.contains(name) && placemark != nil:
            geometryDepth -= 1
            if geometryDepth == 0 { inPoint = false }
        default: break
        }
    }

    let stopped = false

    func characters(_ string: String) {
        text += string
    }
}
