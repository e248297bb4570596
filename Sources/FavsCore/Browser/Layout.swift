import FavsModel
import Foundation

/// Which pane has focus. In the stacked layout it is also the screen being shown.
public enum Focus: Hashable, Sendable, CaseIterable {
    case list, detail, favorites
}

/// Where each pane goes for a terminal size.
///
/// 60 columns and 10 rows or more: list on the left, detail above favorites on the right.
/// Smaller: a stack, like a phone, one full-width pane at a time. Under 20×6: too small to draw.
public struct Layout: Equatable, Sendable {
    public static let minimumWidth = 20, minimumHeight = 6
    public static let sideBySideWidth = 60, sideBySideHeight = 10

    public enum Kind: Equatable, Sendable { case sideBySide, stacked, tooSmall }

    public let kind: Kind
    public let width: Int, height: Int
    /// The rectangle of each pane on screen; a pane not shown has none.
    public let panes: [Focus: Rect]

    public init(width: Int, height: Int, focus: Focus) {
        self.width = width
        self.height = height
        let body = height - 2
        if width < Self.minimumWidth || height < Self.minimumHeight {
            kind = .tooSmall
            panes = [:]
        } else if width < Self.sideBySideWidth || height < Self.sideBySideHeight {
            kind = .stacked
            panes = [focus: Rect(x: 0, y: 1, width: width, height: body)]
        } else {
            kind = .sideBySide
            let listWidth = width * 2 / 5
            let favoritesHeight = max(4, body * 2 / 5)
            panes = [
                .list: Rect(x: 0, y: 1, width: listWidth, height: body),
                .detail: Rect(x: listWidth, y: 1, width: width - listWidth, height: body - favoritesHeight),
                .favorites: Rect(x: listWidth, y: 1 + body - favoritesHeight, width: width - listWidth,
                                 height: favoritesHeight),
            ]
        }
    }
}
