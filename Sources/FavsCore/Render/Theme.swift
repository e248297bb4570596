import Foundation

/// What each role looks like on a terminal: a foreground colour (the terminal's own background is kept)
/// and attributes. Pure, so the mapping is tested without a terminal; `NcursesScreen` turns it into
/// colour pairs.
///
/// Three tiers: 256 colours or more (softer shades), 8 colours (the ANSI ones every terminal has), and
/// no colour (`NO_COLOR`, `--color never`, or a terminal without colours), where roles keep only their
/// attributes and a cell's own reverse, bold and dim are never dropped.
public enum Theme {
    /// How a cell is shown.
    public struct Appearance: Hashable, Sendable {
        /// A terminal colour number; nil is the terminal's own foreground.
        public var foreground: Int?
        public var style: Style

        public init(foreground: Int? = nil, style: Style = []) {
            self.foreground = foreground
            self.style = style
        }
    }

    /// The ANSI colour numbers the 8-colour tier uses.
    enum ANSI {
        static let red = 1, green = 2, yellow = 3, magenta = 5, cyan = 6
    }

    /// Colours chosen for roles (a config file's `[colors]`): a colour number, or nil for the terminal's own
    /// foreground. A role not in it keeps the theme's colour.
    public typealias Palette = [Role: Int?]

    /// How a role looks with `colors` colours available (0 when colour is off), `palette` first.
    ///
    /// A direct-colour terminal (`COLORS` 2^24, where a colour number is an RGB value) gets the 8-colour
    /// tier: it still takes numbers below 8 as the ANSI colours, but 220 would be a dark blue. A palette
    /// colour the terminal does not have (15 on an 8-colour terminal) falls back to the theme's.
    public static func appearance(of role: Role, colors: Int, palette: Palette) -> Appearance {
        var look = appearance(of: role, colors: colors)
        guard colors >= 8, let chosen = palette[role] else { return look }
        let usable = colors >= 1 << 24 ? 16 : colors
        if let number = chosen, number >= usable { return look }
        look.foreground = chosen
        return look
    }

    /// How a role looks with `colors` colours available (0 when colour is off).
    public static func appearance(of role: Role, colors: Int) -> Appearance {
        let rich = colors >= 256 && colors < 1 << 24
        let tier: (basic: Int, rich: Int)?
        let style: Style
        switch role {
        case .plain: (tier, style) = (nil, [])
        // Bright yellow (11), not one of the 256 shades: a star is the cell a toggle changes, three times
        // (list, detail, favorites), and `ESC[93m` is 6 bytes shorter than `ESC[38;5;220m` each time.
        case .star: (tier, style) = ((ANSI.yellow, 11), [])
        case .accent: (tier, style) = ((ANSI.cyan, 75), [])
        // Dim in every tier: a field name is quieter than its value, not a colour of its own.
        case .fieldName: (tier, style) = (nil, .dim)
        // Bold in every tier, so an error stands out without colour too.
        case .error: (tier, style) = ((ANSI.red, 203), .bold)
        // Underlined in every tier: without colour it is what shows the match, and on the selected
        // (reversed) row it marks the match where a colour would only tint the background.
        case .match: (tier, style) = ((ANSI.green, 114), .underline)
        case .mark: (tier, style) = ((ANSI.magenta, 176), .bold)
        }
        guard let tier, colors >= 8 else { return Appearance(style: style) }
        return Appearance(foreground: rich ? tier.rich : tier.basic, style: style)
    }

    /// How a cell looks: its role's appearance with the cell's own attributes added.
    public static func appearance(of cell: Cell, colors: Int, palette: Palette = [:]) -> Appearance {
        var look = appearance(of: cell.role, colors: colors, palette: palette)
        look.style.formUnion(cell.style)
        return look
    }
}
