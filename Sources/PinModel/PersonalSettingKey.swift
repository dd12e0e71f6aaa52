/// The settings that are each user's own: the UI's last view (map view, tab, sheet detent)
/// and how it shows things (colour, map mode, place-name language, drag sensitivity,
/// reduced motion). A shared store (a server) keeps them per role, so the last user to quit
/// does not set everyone's start-up, and one teammate's Korean place names or colours off
/// are not another's; a value every role shares (a store from before per-role settings) is
/// each role's until it sets its own.
public enum PersonalSettingKey {
    public static let detent = "sheet.detent"
    /// The last view (`LAT,LON,ZOOM,COLS`).
    public static let mapView = "map.view"
    /// The last tab's name.
    public static let tab = "ui.tab"
    public static let sensitivity = "sheet.sensitivity"
    public static let reducedMotion = "sheet.reduced_motion"
    public static let mapMode = "map.mode"
    public static let color = "ui.color"
    /// "en" or "ko": the map's place names, over the locale's choice.
    public static let placeNames = "map.place_names"
    /// The last view: a failure to save one is no error (a reader may not; it is only the view).
    public static let view: Set<String> = [detent, mapView, tab]
    public static let all: Set<String> = view.union([sensitivity, reducedMotion, mapMode, color, placeNames])
}
