import Foundation

/// What terminal colour numbers look like as RGB, for pictures of the screen (`SVGImage`): xterm's
/// default 256-colour palette, and a dark terminal's own foreground and background.
public enum TerminalPalette {
    /// The terminal's own background (a dark theme), behind every cell that is not reversed.
    public static let background = "#1e1e1e"
    /// The terminal's own foreground: a cell whose appearance has no colour.
    public static let foreground = "#d4d4d4"

    /// xterm's 16 ANSI colours: 0–7 normal, 8–15 bright.
    static let ansi: [(Int, Int, Int)] = [
        (0x00, 0x00, 0x00), (0xcd, 0x00, 0x00), (0x00, 0xcd, 0x00), (0xcd, 0xcd, 0x00),
        (0x00, 0x00, 0xee), (0xcd, 0x00, 0xcd), (0x00, 0xcd, 0xcd), (0xe5, 0xe5, 0xe5),
        (0x7f, 0x7f, 0x7f), (0xff, 0x00, 0x00), (0x00, 0xff, 0x00), (0xff, 0xff, 0x00),
        (0x5c, 0x5c, 0xff), (0xff, 0x00, 0xff), (0x00, 0xff, 0xff), (0xff, 0xff, 0xff),
    ]

    /// The levels of one axis of the 6×6×6 colour cube (16–231).
    static let cubeLevels = [0, 95, 135, 175, 215, 255]

    /// A colour number as `#rrggbb`; nil (the terminal's own foreground) or a number outside 0–255 is the
    /// default foreground.
    public static func hex(_ number: Int?) -> String {
        guard let number, (0...255).contains(number) else { return foreground }
        let (r, g, b): (Int, Int, Int)
        switch number {
        case 0..<16:
            (r, g, b) = ansi[number]
        case 16..<232:
            let index = number - 16
            (r, g, b) = (cubeLevels[index / 36], cubeLevels[index / 6 % 6], cubeLevels[index % 6])
        default:
            let level = 8 + (number - 232) * 10
            (r, g, b) = (level, level, level)
        }
        return "#" + [r, g, b].map { byte in
            let digits = String(byte, radix: 16)
            return digits.count == 1 ? "0" + digits : digits
        }.joined()
    }
}
