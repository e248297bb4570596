import Foundation

/// `--color auto|always|never`: whether the browser asks the terminal for colour.
public enum ColorChoice: String, Hashable, Sendable, CaseIterable {
    /// Colour unless `NO_COLOR` is set to a non-empty value (no-color.org).
    case auto
    /// Colour even when `NO_COLOR` is set.
    case always
    /// No colour; bold, dim and reverse stay.
    case never

    /// Whether to use colour (when the terminal has any) with this environment.
    public func wantsColor(environment: [String: String]) -> Bool {
        switch self {
        case .auto: (environment["NO_COLOR"] ?? "").isEmpty
        case .always: true
        case .never: false
        }
    }
}
