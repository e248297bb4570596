import Foundation

/// What the terminal shows while a library across the network opens (a team library's server may take seconds to
/// answer, or never: a partition): where favs is connecting to, and the key that gives up. There is nothing else
/// to act on yet, so every other key is let go.
public struct OpeningScreen: Sendable {
    /// The library's location with its password hidden (`LibraryLocation.display`).
    public let location: String
    public let keyMap: KeyMap
    public let glyphs: Glyphs

    public init(location: String, keyMap: KeyMap, glyphs: Glyphs = .unicode) {
        self.location = location
        self.keyMap = keyMap
        self.glyphs = glyphs
    }

    /// The title bar, `connecting to LOCATION …` below it, and the quit key on the status line; a terminal too
    /// short for three rows shows the connecting line alone.
    public func frame(width: Int, height: Int) -> Canvas {
        var canvas = Canvas(width: width, height: height, glyphs: glyphs)
        let connecting = " connecting to \(location) \(glyphs.ellipsis)"
        guard height >= 3 else {
            canvas.put(connecting, row: 0, column: 0)
            return canvas
        }
        canvas.put(glyphs.chrome(" favs"), row: 0, column: 0, style: .bold)
        canvas.put(connecting, row: min(2, height - 2), column: 0)
        canvas.put(" \(keyMap.label(.quit)) quits", row: height - 1, column: 0)
        return canvas
    }

    /// Whether `key` gives up: a quit key of the key map, or ctrl-c whatever the map says (a way out that
    /// always works, as in a picker).
    public func givesUp(_ key: Key) -> Bool {
        key == .ctrl("c") || keyMap.command(for: key) == .quit
    }
}
