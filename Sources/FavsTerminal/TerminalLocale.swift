import Foundation

/// The user's locale, as the terminal browser sees it before it sets its own.
public enum TerminalLocale {
    /// Whether the locale the environment names (LC_ALL, LC_CTYPE, LANG) uses UTF-8. When it does not,
    /// the terminal probably cannot show UTF-8 either, and the browser draws ASCII glyphs. (ncursesw
    /// still needs a UTF-8 LC_CTYPE, which `NcursesScreen` then sets: item text stays intact.)
    /// Sets the process's locale from the environment, as ncurses needs anyway.
    public static func isUTF8() -> Bool {
        setlocale(LC_ALL, "")
        return String(cString: nl_langinfo(nl_item(CODESET))) == "UTF-8"
    }
}
