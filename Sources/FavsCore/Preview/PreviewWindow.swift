import Foundation

/// Where a preview shows (`--preview-window`, `preview_window = "…"`), as fzf's `--preview-window`:
/// `detail` (the default: in the detail pane, below the fields), `right[:SIZE]` (a pane of its own right of the
/// rest, SIZE columns), `bottom[:SIZE]` (a pane of its own below the rest, SIZE rows), `hidden` (not shown until
/// toggled: then in the detail pane). SIZE is a count or a percent of the screen (`right:50%`, the default);
/// `:hidden` after a placement starts it hidden (`right:40%:hidden`).
public struct PreviewWindow: Equatable, Sendable {
    public enum Placement: Equatable, Sendable { case detail, right, bottom }
    public enum Size: Equatable, Sendable {
        case cells(Int)
        case percent(Int)

        /// The size on a screen `total` columns (or rows) long.
        func resolved(in total: Int) -> Int {
            switch self {
            case let .cells(n): n
            case let .percent(p): total * p / 100
            }
        }
    }

    public var placement: Placement
    public var size: Size
    public var hidden: Bool

    public static let `default` = PreviewWindow(placement: .detail, size: .percent(50), hidden: false)

    public init(placement: Placement, size: Size = .percent(50), hidden: Bool = false) {
        (self.placement, self.size, self.hidden) = (placement, size, hidden)
    }

    /// Parses `hidden`, `detail`, `right`, `bottom:10`, `right:50%:hidden`; nil, with why, for anything else.
    public static func parse(_ text: String) -> Result<PreviewWindow, ParseError> {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        var window = PreviewWindow.default
        switch parts.first {
        case "detail": window.placement = .detail
        case "right": window.placement = .right
        case "bottom": window.placement = .bottom
        case "hidden" where parts.count == 1: window.hidden = true
        default: return .failure(ParseError(text: text))
        }
        for part in parts.dropFirst() {
            if part == "hidden" { window.hidden = true; continue }
            guard window.placement != .detail, let size = Self.size(part) else { return .failure(ParseError(text: text)) }
            window.size = size
        }
        return .success(window)
    }

    private static func size(_ text: String) -> Size? {
        if text.hasSuffix("%"), let p = Int(text.dropLast()), (1...99).contains(p) { return .percent(p) }
        if let n = Int(text), n > 0, n < 10_000 { return .cells(n) }
        return nil
    }

    /// A text that is no preview window.
    public struct ParseError: Error, Equatable, Sendable, CustomStringConvertible {
        public let text: String
        public var description: String {
            "'\(text)' is no preview window: hidden, detail, right[:SIZE] or bottom[:SIZE] (SIZE: 40 or 50%), " +
                "optionally :hidden"
        }
    }
}
