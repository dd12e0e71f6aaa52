/// What the locale's NAMES say (environment variables), read without `setlocale`:
/// the codeset for characters and whether it is UTF-8. Pinmap shows Korean words
/// only when characters are UTF-8; otherwise the terminal shows them as `?`.
public enum LocaleName {
    /// The locale named for characters: `LC_ALL`, else `LC_CTYPE`, else `LANG` ("" if none).
    public static func forCharacters(_ environment: [String: String]) -> String {
        for key in ["LC_ALL", "LC_CTYPE", "LANG"] {
            if let v = environment[key], !v.isEmpty { return v }
        }
        return ""
    }

    /// True when a locale name's codeset is UTF-8 (`ko_KR.UTF-8`, `en_US.utf8`, `C.UTF-8`).
    public static func namesUTF8(_ name: String) -> Bool {
        let codeset = name.split(separator: ".").dropFirst().first.map { $0.split(separator: "@").first ?? "" } ?? ""
        return codeset.lowercased().filter { $0 != "-" } == "utf8"
    }

    /// True when `environment` gives UTF-8 characters: a UTF-8 name, or no name at all
    /// (Pinmap then uses C.UTF-8; see `TerminalLocale`). `LANG=C`, `ko_KR.EUC-KR` and a
    /// bare `ko_KR` (EUC-KR in glibc) are not.
    public static func charactersAreUTF8(_ environment: [String: String]) -> Bool {
        let name = forCharacters(environment)
        return name.isEmpty || namesUTF8(name)
    }
}
