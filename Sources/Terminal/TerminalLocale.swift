import Frame
#if canImport(Glibc)
import Glibc
#endif

/// The process locale for characters: the user's (`setlocale(LC_ALL, "")`), or, when the
/// locale they name is not generated on this machine (`ko_KR.UTF-8` on a fresh Debian),
/// C.UTF-8 for characters: the NAME says UTF-8, so the terminal speaks it. With no locale
/// named at all, C.UTF-8 too (terminals are UTF-8 today; `LANG=C` asks for ASCII).
///
/// A locale whose characters are ASCII only (`LANG=C`, `POSIX`) makes Pinmap draw ASCII, but
/// curses still gets C.UTF-8 for characters: in the C locale it can encode nothing else and
/// drew every Hangul syllable of a pin's title or category as `?`; the pins' own text is
/// sent as UTF-8 (what a terminal run with `LANG=C` speaks today, tmux's and ssh's included).
/// Another codeset (`ko_KR.EUC-KR`) is kept: curses converts the pins' text into it.
public enum TerminalLocale {
    /// Applies the locale and returns whether text is UTF-8 (else Pinmap draws ASCII).
    @discardableResult
    public static func apply() -> Bool {
        let name = localeName()
        if setlocale(LC_ALL, "") == nil || name.isEmpty {
            if name.isEmpty || namesUTF8(name) { _ = setlocale(LC_CTYPE, "C.UTF-8") }
        }
        let utf8 = codesetIsUTF8()
        if !utf8, codesetIsASCII() { _ = setlocale(LC_CTYPE, "C.UTF-8") }
        applied = utf8
        return utf8
    }

    /// What the last `apply` returned (set once, on the main thread, before any other reads it).
    nonisolated(unsafe) private static var applied: Bool?

    /// Whether the locale the user named speaks UTF-8 (`apply`'s answer; applied if not yet):
    /// false for `LANG=C`, though curses then runs in C.UTF-8.
    public static var userLocaleIsUTF8: Bool { applied ?? apply() }

    /// True when the locale in force encodes ASCII only (the C and POSIX locales).
    static func codesetIsASCII() -> Bool {
        guard let cs = nl_langinfo(nl_item(CODESET)) else { return false }
        return ["ANSI_X3.4-1968", "ASCII", "US-ASCII"].contains(String(cString: cs).uppercased())
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
