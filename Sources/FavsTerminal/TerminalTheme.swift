import CNcurses
import FavsCore

/// The `Theme` on a real terminal: one colour pair per role that has a colour, on the terminal's own
/// background (`use_default_colors`), set up once when the screen starts.
struct TerminalTheme {
    /// The colours the theme uses: the terminal's `COLORS`, or 0 when colour is off.
    let colors: Int
    /// Colours a config file chose for roles.
    let palette: Theme.Palette

    /// Starts colour when it is wanted and the terminal has it. Call after `newterm`.
    init(wantsColor: Bool, palette: Theme.Palette) {
        self.palette = palette
        // Without use_default_colors every pair would paint its own background over the terminal's; a terminal
        // that cannot keep its background gets no colour rather than black boxes on a light screen.
        guard wantsColor, has_colors(), start_color() != ERR, use_default_colors() != ERR,
              cn_color_pairs() >= Role.allCases.count else {  // a pair for each role, 0 included
            colors = 0
            return
        }
        colors = Int(cn_colors())
        for role in Role.allCases {
            guard let foreground = Theme.appearance(of: role, colors: colors, palette: palette).foreground else { continue }
            init_pair(Self.pair(of: role), Int16(foreground), -1)
        }
    }

    /// The attributes and colour pair to write a cell with.
    func attributes(for cell: Cell) -> (attr_t, Int16) {
        let look = Theme.appearance(of: cell, colors: colors, palette: palette)
        var attrs = cn_a_normal()
        if look.style.contains(.reverse) { attrs |= cn_a_reverse() }
        if look.style.contains(.bold) { attrs |= cn_a_bold() }
        if look.style.contains(.dim) { attrs |= cn_a_dim() }
        if look.style.contains(.underline) { attrs |= cn_a_underline() }
        return (attrs, look.foreground == nil ? 0 : Self.pair(of: cell.role))
    }

    /// A role's colour pair: its number in `Role` (pair 0 is the terminal's own colours).
    private static func pair(of role: Role) -> Int16 { Int16(role.rawValue) }
}
