import Foundation

/// Where the library lives when the user did not say.
public enum LibraryLocation {
    /// `--library PATH`, else `$FAVS_LIBRARY`, else `$XDG_DATA_HOME/favs/library.sqlite`,
    /// else `$HOME/.local/share/favs/library.sqlite`; empty values count as unset.
    public static func resolve(option: String?, environment: [String: String]) -> String {
        func value(_ text: String?) -> String? { text.flatMap { $0.isEmpty ? nil : $0 } }
        if let path = value(option) ?? value(environment["FAVS_LIBRARY"]) { return path }
        if let dataHome = value(environment["XDG_DATA_HOME"]) { return join(dataHome, "favs/library.sqlite") }
        let home = value(environment["HOME"]) ?? NSHomeDirectory()
        return join(home, ".local/share/favs/library.sqlite")
    }

    private static func join(_ directory: String, _ relative: String) -> String {
        directory.hasSuffix("/") ? directory + relative : directory + "/" + relative
    }
}
