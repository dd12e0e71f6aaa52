/// The settings that are each user's own: the UI's last view (map view, tab, sheet detent).
/// A shared store (a server) keeps them per role, so the last user to quit does not set
/// everyone's start-up; a failure to save one is no error (it is only the view).
public enum PersonalSettingKey {
    public static let detent = "sheet.detent"
    /// The last view (`LAT,LON,ZOOM,COLS`).
    public static let mapView = "map.view"
    /// The last tab's name.
    public static let tab = "ui.tab"
    public static let all: Set<String> = [detent, mapView, tab]
}
