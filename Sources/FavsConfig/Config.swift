import FavsCore
import FavsFormats
import FavsModel
import Foundation

/// What a config file can set (`$XDG_CONFIG_HOME/favs/config.toml`), every field at its default unless the
/// file says otherwise. Command-line options and environment variables win over it; see README "Config".
public struct Config: Equatable, Sendable {
    /// The keys of every command: the standard ones, with those the file's `[keys]` names replaced.
    public var keys: [Command: [Key]]
    /// Colours for the canvas roles the file's `[colors]` names (`star`, `field-name`, …); a role not
    /// named keeps the theme's colour.
    public var colors: [String: ConfigColor] = [:]
    /// Whether the browser asks the terminal for mouse events (`--no-mouse` turns them off whatever this says).
    public var mouse = true
    /// The library when neither `--library` nor `$FAVS_LIBRARY` names one, `~` already expanded; nil: the
    /// XDG default.
    public var library: String?
    /// The list's order when the library has none remembered.
    public var sort: ListQuery.Order = .library
    /// When to use colour, as `--color` says it (the option wins).
    public var color: ColorChoice = .auto
    /// Draw with ASCII only, as `--ascii` does; false leaves it to `--ascii` and the locale, as without it.
    public var ascii = false
    /// Seconds a team library's server may take to answer a statement before favs says it is offline (and a
    /// command gives up with exit 69); 0: no limit.
    public var timeout = 5
    /// The preview command (`--preview` wins), nil: none.
    public var preview: String?
    /// Where the preview shows (`--preview-window` wins): the detail pane unless set.
    public var previewWindow: PreviewWindow = .default
    /// How picks count in `favs pick` (`[pick] half_life`, in days).
    public var frecency = Frecency()

    /// Bookmark files the browser follows while it runs (`[[sources]]`), as `--watch` does.
    public var sources: [WatchSource] = []

    /// favs with no config file.
    public static let `default` = Config()

    public init() {
        keys = Dictionary(uniqueKeysWithValues: KeyMap.standard.bindings.map { ($0.command, $0.keys) })
    }

    /// The key map in force: the standard table, its help texts and order, with these keys.
    public var keyMap: KeyMap { KeyMap.standard.replacingKeys(keys) }

    /// The `[colors]` as the theme takes them: a colour number per role, nil for the terminal's foreground.
    public var palette: Theme.Palette {
        var palette: Theme.Palette = [:]
        for (role, name) in Self.roleNames {
            guard let color = colors[name] else { continue }
            switch color {
            case .terminalDefault: palette[role] = .some(nil)
            case let .number(value): palette[role] = Int(value)
            }
        }
        return palette
    }

    /// The roles `[colors]` may name, as it names them.
    public static let roleNames: [Role: String] = [
        .star: "star", .accent: "accent", .fieldName: "field-name", .error: "error", .match: "match", .mark: "mark",
    ]
}

/// A bookmark file the browser follows (`[[sources]]`: `path`, and `format` when its content and name do not say).
public struct WatchSource: Equatable, Sendable {
    /// An absolute path, `~` already expanded.
    public var path: String
    public var format: ImportFormat

    public init(path: String, format: ImportFormat = .auto) {
        self.path = path
        self.format = format
    }
}
