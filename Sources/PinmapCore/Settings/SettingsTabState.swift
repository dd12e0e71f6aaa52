import PinModel

/// The Settings tab's cursor, scroll and export format (Settings.swift).
public struct SettingsTabState: Sendable {
    /// Selected row on the Settings tab.
    public internal(set) var cursor = 0
    /// The import row selected on the Settings tab (index in `importRowsShown`), over
    /// `cursor`; nil when a setting is.
    public internal(set) var importCursor: Int?
    /// The Settings page's scroll held by a click, so the page does not move under the
    /// mouse (SettingsView.scroll; a key lets it go).
    var scrollHeld: Int?
    /// The format the Settings tab's export row writes.
    public internal(set) var exportFormat: ExportFormat = .csv
    /// Settings changed while the store could not be reached (their saves failed): saved
    /// again, as they are then, once it is back (`AppState.resaveSettings`).
    public internal(set) var unsaved: Set<SettingRow> = []
}
