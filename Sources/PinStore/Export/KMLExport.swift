/// Pins as a KML 2.2 document (OGC 07-147r2): pins without a category directly in the
/// `Document`, then one `Folder` per category (named after it), each pin a `Placemark` with
/// `name`, `description`, `TimeStamp/when` (when `created_at` is a date or time KML accepts),
/// `ExtendedData` with one `Data` per property, and a `Point` (`lon,lat`); properties the KML
/// reader makes of KML's own parts go back to them (`KMLPlacemarkElements`: `address`,
/// `phoneNumber`, `Snippet`, the icon colour, the altitude). Pins must come
/// grouped by category (`Store.pinCursor(byCategory: true)`): `KMLExport` opens a new folder
/// whenever the category changes. A `created_at` that is not of the form
/// `2024-05-28T18:42:08Z` is also kept exactly as `<pinmap:created_at>` inside
/// `ExtendedData` (namespace `GPXExport.namespace`; KML allows other namespaces there).
public struct KMLExport {
    private var folder: String? = nil

    public init() {}

    /// The document's start.
    public static func header() -> String {
        var w = XMLWriter()
        w.start("kml", [("xmlns", "http://www.opengis.net/kml/2.2"), ("xmlns:pinmap", GPXExport.namespace)])
        w.start("Document")
        w.leaf("name", "Pinmap")
        return w.text
    }

    /// The `Placemark` of `pin`, preceded by the folder changes it needs.
    public mutating func placemark(_ pin: Pin, properties: [PinProperty]) -> String {
        var out = ""
        if pin.category != (folder ?? "") {
            out += closeFolder()
            var f = XMLWriter(declaration: false, depth: 3)
            f.leaf("name", pin.category)
            out += "    <Folder>\n" + f.text
            folder = pin.category
        }
        var w = XMLWriter(declaration: false, depth: folder == nil ? 2 : 3)
        let own = KMLPlacemarkElements(properties)
        w.start("Placemark")
        w.leaf("name", pin.title)
        for (name, value) in own.elements { w.leaf(name, value) }
        if !pin.description.isEmpty { w.leaf("description", pin.description) }
        if Timestamps.isXSDDateTime(pin.createdAt) || Timestamps.isXSDDateOrPart(pin.createdAt) {
            w.start("TimeStamp")
            w.leaf("when", pin.createdAt)
            w.end()
        }
        if let color = own.iconColor {
            w.start("Style")
            w.start("IconStyle")
            w.leaf("color", color)
            w.end()
            w.end()
        }
        let exactTime = Timestamps.isUTCSeconds(pin.createdAt)
        if !own.rest.isEmpty || !exactTime {
            w.start("ExtendedData")
            for e in own.rest {
                w.start("Data", [("name", e.key)])
                w.leaf("value", e.value)
                w.end()
            }
            if !exactTime { w.leaf("pinmap:created_at", pin.createdAt) }
            w.end()
        }
        w.start("Point")
        w.leaf("coordinates", XMLWriter.decimal(pin.longitude) + "," + XMLWriter.decimal(pin.latitude) + (own.altitude.map { "," + $0 } ?? ""))
        w.end()
        w.end()
        return out + w.text
    }

    /// The document's end (closing the last folder).
    public mutating func footer() -> String {
        closeFolder() + "  </Document>\n</kml>\n"
    }

    private mutating func closeFolder() -> String {
        guard folder != nil else { return "" }
        folder = nil
        return "    </Folder>\n"
    }
}
