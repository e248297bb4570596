import Foundation

/// A colour a config file gives a role: the terminal's own foreground, or a colour number 0–255 (0–15 by
/// their ANSI names: `red`, `bright-blue`).
public enum ConfigColor: Hashable, Sendable {
    /// The terminal's own foreground colour.
    case terminalDefault
    /// A terminal colour number: 0–7 the ANSI colours, 8–15 their bright forms, 16–255 the 256-colour palette.
    case number(UInt8)

    /// The ANSI names, in colour-number order: `black` is 0, `bright-white` 15.
    public static let names: [String] = {
        let basic = ["black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"]
        return basic + basic.map { "bright-" + $0 }
    }()

    /// Parses `default` or an ANSI name; a number is a TOML integer (`init(number:)`), never a string.
    public init?(name: String) {
        if name == "default" {
            self = .terminalDefault
        } else if let index = Self.names.firstIndex(of: name) {
            self = .number(UInt8(index))
        } else {
            return nil
        }
    }

    /// A colour number as a TOML integer gives it; nil outside 0–255.
    public init?(number: Int) {
        guard let value = UInt8(exactly: number) else { return nil }
        self = .number(value)
    }

    /// How a config file writes it: `default`, the ANSI name for 0–15, else the number.
    public var name: String {
        switch self {
        case .terminalDefault: "default"
        case let .number(value): value < Self.names.count ? Self.names[Int(value)] : String(value)
        }
    }
}
