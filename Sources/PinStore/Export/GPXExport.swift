/// Pins as a GPX 1.1 document (https://www.topografix.com/GPX/1/1/), valid against the
/// official schema: one `<wpt>` per pin with `name`, `desc` and `type` (the category), and
/// `time` when `created_at` is an `xsd:dateTime`; properties named as GPX's own waypoint
/// elements (`ele`, `sym`, `cmt`, `link`, … as the GPX reader names them) as those elements
/// when their values fit (`GPXWaypointElements`). What GPX has no element for goes under the
/// waypoint's `<extensions>` in Pinmap's namespace `https://pinmap.example/gpx/1` (prefix
/// `pinmap`):
///
/// - each property as `<pinmap:KEY>value</pinmap:KEY>` (so readers that take extension leaves
///   by local name, as OsmAnd's and Garmin's are read, get the same key back), or as
///   `<pinmap:property name="KEY">value</pinmap:property>` when KEY is not an XML name
///   (`Google Maps URL`);
/// - `<pinmap:created_at>` with the exact text when `created_at` is not of the form
///   `2024-05-28T18:42:08Z` (a date alone, an offset, free text), since `time` is only
///   written for valid times and readers convert it to UTC.
///
/// Longitude 180 is written as −180 (the same meridian): the schema's longitude is < 180.
public enum GPXExport {
    /// Pinmap's GPX extension namespace.
    public static let namespace = "https://pinmap.example/gpx/1"

    /// The document's start, up to the first waypoint.
    public static func header() -> String {
        var w = XMLWriter()
        w.start("gpx", [("version", "1.1"), ("creator", "Pinmap"),
                        ("xmlns", "http://www.topografix.com/GPX/1/1"),
                        ("xmlns:xsi", "http://www.w3.org/2001/XMLSchema-instance"),
                        ("xmlns:pinmap", namespace),
                        ("xsi:schemaLocation", "http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd")])
        return w.text
    }

    /// One `<wpt>` (indented one level) for `pin` with its property entries.
    public static func waypoint(_ pin: Pin, properties: [PinProperty]) -> String {
        var w = XMLWriter(declaration: false, depth: 1)
        let lon = pin.longitude == 180 ? -180 : pin.longitude
        let own = GPXWaypointElements(properties, hasDescription: !pin.description.isEmpty)
        w.start("wpt", [("lat", XMLWriter.decimal(pin.latitude)), ("lon", XMLWriter.decimal(lon))])
        own.write(GPXWaypointElements.beforeTime, &w)
        let time = Timestamps.isXSDDateTime(pin.createdAt)
        if time { w.leaf("time", pin.createdAt) }
        own.write(GPXWaypointElements.beforeName, &w)
        w.leaf("name", pin.title)
        own.write(GPXWaypointElements.afterName, &w)
        if !pin.description.isEmpty { w.leaf("desc", pin.description) }
        own.write(GPXWaypointElements.afterDescription, &w)
        own.writeLink(&w)
        own.write(GPXWaypointElements.afterLink, &w)
        if !pin.category.isEmpty { w.leaf("type", pin.category) }
        own.write(GPXWaypointElements.afterType, &w)
        let exactTime = Timestamps.isUTCSeconds(pin.createdAt)
        if !own.rest.isEmpty || !exactTime {
            w.start("extensions")
            if !exactTime { w.leaf("pinmap:created_at", pin.createdAt) }
            for e in own.rest {
                if XMLWriter.isName(e.key) {
                    w.leaf("pinmap:" + e.key, e.value)
                } else {
                    w.leaf("pinmap:property", e.value, [("name", e.key)])
                }
            }
            w.end()
        }
        w.end()
        return w.text
    }

    /// The document's end.
    public static let footer = "</gpx>\n"
}
