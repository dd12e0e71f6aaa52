import Frame

/// The language of the interface, chosen from the locale's NAME (`LC_ALL`, then
/// `LC_MESSAGES`, then `LANG`), not from `setlocale`: `ko_KR.UTF-8` means Korean even on a
/// machine where that locale is not generated (characters then come from C.UTF-8).
public enum Language: String, Sendable, CaseIterable {
    case english, korean

    /// The language for `environment` (process environment variables): Korean when the
    /// first set of `LC_ALL`, `LC_MESSAGES`, `LANG` starts with `ko` and characters are
    /// UTF-8 (`LocaleName.charactersAreUTF8`), else English: in ASCII every Korean word
    /// would show as `?` (`LANG=ko_KR.EUC-KR`, `LANG=C LC_MESSAGES=ko_KR.UTF-8`).
    public static func from(environment: [String: String]) -> Language {
        let name = localeName(environment)
        return name.lowercased().hasPrefix("ko") && LocaleName.charactersAreUTF8(environment) ? .korean : .english
    }

    /// The locale name in force for messages ("" when none is set).
    public static func localeName(_ environment: [String: String]) -> String {
        for key in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            if let v = environment[key], !v.isEmpty { return v }
        }
        return ""
    }
}
