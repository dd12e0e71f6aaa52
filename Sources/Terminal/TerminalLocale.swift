import Frame
#if canImport(Glibc)
import Glibc
#endif

/// The process locale for characters: the user's (`setlocale(LC_ALL, "")`), or, when the
/// locale they name is not generated on this machine (`ko_KR.UTF-8` on a fresh Debian),
/// C.UTF-8 for characters: the NAME says UTF-8, so the terminal speaks it. With no locale
/// named at all, C.UTF-8 too (terminals are UTF-8 today; `LANG=C` asks for ASCII).
public enum TerminalLocale {
    /// Applies the locale and returns whether text is UTF-8 (else Pinmap draws ASCII).
    @discardableResult
    public static func apply() -> Bool {
        let name = localeName()
        if setlocale(LC_ALL, "") == nil || name.isEmpty {
            if name.isEmpty || namesUTF8(name) { _ = setlocale(LC_CTYPE, "C.UTF-8") }
        }
        return codesetIsUTF8()
    }

    /// The locale named for characters: `LC_ALL`, else `LC_CTYPE`, else `LANG` ("" if none).
    static func localeName() -> String {
        for key in ["LC_ALL", "LC_CTYPE", "LANG"] {
            if let v = getenv(key), v.pointee != 0 { return String(cString: v) }
        }
        return ""
    }

    /// True when a locale name's codeset is UTF-8 (`LocaleName.namesUTF8`).
    static func namesUTF8(_ name: String) -> Bool { LocaleName.namesUTF8(name) }

    /// True when the locale in force encodes characters as UTF-8.
    public static func codesetIsUTF8() -> Bool {
        guard let cs = nl_langinfo(nl_item(CODESET)) else { return false }
        let name = String(cString: cs).uppercased()
        return name == "UTF-8" || name == "UTF8"
    }
}
