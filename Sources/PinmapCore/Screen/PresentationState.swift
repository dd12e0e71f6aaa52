import GeoMap

/// How the screen is drawn: characters, colours and languages.
public struct PresentationState: Sendable {
    /// ASCII only (no box drawing, no braille).
    public internal(set) var ascii = false
    /// Colours on (Settings; off when unavailable).
    public internal(set) var color = true
    /// False when NO_COLOR is set or the terminal has no colours.
    public internal(set) var colorAvailable = true
    /// False when the locale's characters are not UTF-8 (`LANG=C`): the map is ASCII
    /// then and `b` does not switch to braille (it would show as `?`).
    public internal(set) var localeIsUTF8 = true
    /// The interface's language: every word `update` and `render` use is in it.
    public internal(set) var language: Language = .english
    /// Language of the map's place names: Korean when the locale's name is
    /// Korean (`PlaceNaming.language(environment:)`), else English.
    public internal(set) var placeLanguage: PlaceNaming.Language = .english
}
