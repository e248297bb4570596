import FavsCore
import FavsModel
import Foundation

extension Config {
    /// The text `favs config --print-default` writes: every setting, explained, at its default, so that the file
    /// is valid and changes nothing. Settings whose default is not one value (the library's path, which
    /// depends on the environment, and the theme's colours, which depend on the terminal) are there too,
    /// commented out.
    public static var defaultFile: String {
        let config = Config.default
        var text = """
            # favs reads this file when it starts: the browser and favs script.
            # favs config --path prints where it is; favs config --print-default prints this default file.
            # Every setting is at its default, so the file changes nothing until you edit it. A mistake is
            # reported as FILE:LINE, and favs then runs on the defaults.

            # Mouse: the browser takes clicks and the wheel; false leaves them to the terminal, as --no-mouse does.
            mouse = \(config.mouse)

            # The list's order when the library has none remembered (s changes it, and the library keeps
            # it): \(choices(ListQuery.Order.allCases.map(\.rawValue))).
            sort = \(quoted(config.sort.rawValue))

            # Colour: auto (when the terminal has it and NO_COLOR is not set), always or never. --color wins.
            color = \(quoted(config.color.rawValue))

            # ASCII only: * for the star, + - | borders. false leaves it to --ascii and the locale.
            ascii = \(config.ascii)

            # A team library (postgres://): seconds the server may take to answer before favs says it is
            # offline and a command gives up (exit 69); 0 waits as long as it takes.
            timeout = \(config.timeout)

            # A shell command whose output the detail pane shows for the selected item, as --preview (which wins):
            # {} the id, {title} the title, {field:NAME} a field's value, each single-quoted. Unset: no preview.
            # preview = "cat {field:path}"
            # Where it shows, as --preview-window (which wins): detail (below the fields), right[:SIZE], bottom[:SIZE]
            # (a pane of its own; SIZE 40 or 50%), hidden (p shows it); :hidden after a place starts it hidden.
            # preview_window = "right:50%"

            # The library when neither --library nor $FAVS_LIBRARY names one: an absolute path, or one
            # starting with ~/. Unset: $XDG_DATA_HOME/favs/library.sqlite, else ~/.local/share/favs/library.sqlite.
            # library = "~/.local/share/favs/library.sqlite"

            # Bookmark files the browser follows while it runs, as --watch does (favs import --watch tells how):
            # a list of tables, each a path (absolute or ~/…) and, when the file's content and name do not say,
            # a format: html, chrome, firefox-backup or firefox. Written [[sources]] with path = "…" under it, or:
            # sources = [{ path = "~/.config/google-chrome/Default/Bookmarks" }]
            # favs pick remembers each pick: without a query a picker lists starred items first, then those
            # picked most often and most lately, then the rest in input order. half_life: the days a pick takes
            # to count half as much (0.5 is twelve hours).
            [pick]
            half_life = \(number(Double(config.frecency.halfLife) / Double(Frecency.day)))

            # Keys: a command = a key or a list of keys, replacing that command's keys. Keys are named as in
            # scripts: a character (j, G, /, *), space, enter, esc, tab, backtab, up, down, left, right, home,
            # end, pgup, pgdn, backspace, delete, ctrl-a … ctrl-z. A key belongs to one command at most.
            [keys]

            """
        let keyMap = config.keyMap
        // A command with no key here (forget-picks: a picker's own key) is named in a comment: a list of no keys
        // is not a valid binding.
        let lines = keyMap.bindings.map { binding in
            binding.keys.isEmpty ? "# \(binding.command.name): no key (a picker has its own)"
                : "\(binding.command.name) = [\(binding.keys.map { quoted($0.name) }.joined(separator: ", "))]"
        }
        let width = lines.map(\.count).max() ?? 0
        for (line, binding) in zip(lines, keyMap.bindings) {
            text += line.padding(toLength: width + 2, withPad: " ", startingAt: 0) + "# \(binding.help)\n"
        }
        text += """

            # Colours: a role = default (the terminal's own colour), black, red, green, yellow, blue, magenta,
            # cyan, white, bright-black … bright-white, or a number 0-255. Unset, a role has the theme's
            # colour: the ANSI colour shown, or a softer shade of it on a 256-colour terminal.
            [colors]

            """
        for role in Role.allCases {
            guard let name = roleNames[role] else { continue }
            let color = Theme.appearance(of: role, colors: 8).foreground
                .flatMap(ConfigColor.init(number:)) ?? .terminalDefault
            text += "# \(name) = \(quoted(color.name))\n"
        }
        return text
    }

    /// A number as the file writes it: whole ones without a fraction (7, not 7.0).
    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }

    /// A TOML basic string.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                result += String(format: "\\u%04X", scalar.value)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// `a, b or c`.
    static func choices(_ words: [String]) -> String {
        words.dropLast().joined(separator: ", ") + " or " + (words.last ?? "")
    }
}
