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
/// A preview in a pane of its own (`--preview-window right` or `bottom`) takes its size off the right or the bottom
/// first, and the rest is laid out by the same rules in what is left; when either would be too small for it, there
/// is no preview pane (the preview shows in the detail pane).
public struct Layout: Equatable, Sendable {
    public static let minimumWidth = 20, minimumHeight = 6
    public static let sideBySideWidth = 60, sideBySideHeight = 10

    public enum Kind: Equatable, Sendable { case sideBySide, stacked, tooSmall }

    public let kind: Kind
    public let width: Int, height: Int
    /// The rectangle of each pane on screen; a pane not shown has none.
    public let panes: [Focus: Rect]
    /// The preview's own pane, nil when it has none.
    public let preview: Rect?

    public init(width: Int, height: Int, focus: Focus, preview window: PreviewWindow? = nil) {
        (self.width, self.height) = (width, height)
        let body = height - 2
        if let window, width >= Self.minimumWidth, height >= Self.minimumHeight {
            switch window.placement {
            case .right:
                let size = min(width - 1, window.size.resolved(in: width))
                if size >= 8, width - size >= Self.minimumWidth {
                    (kind, panes) = Self.panes(width: width - size, height: height, focus: focus)
                    preview = Rect(x: width - size, y: 1, width: size, height: body)
                    return
                }
            case .bottom:
                let size = min(body - 1, window.size.resolved(in: body))
                if size >= 3, height - size >= Self.minimumHeight {
                    (kind, panes) = Self.panes(width: width, height: height - size, focus: focus)
                    preview = Rect(x: 0, y: 1 + body - size, width: width, height: size)
                    return
                }
            case .detail: break
            }
        }
        (kind, panes) = Self.panes(width: width, height: height, focus: focus)
        preview = nil
    }

    private static func panes(width: Int, height: Int, focus: Focus) -> (Kind, [Focus: Rect]) {
        let body = height - 2
        if width < Self.minimumWidth || height < Self.minimumHeight { return (.tooSmall, [:]) }
        if width < Self.sideBySideWidth || height < Self.sideBySideHeight {
            return (.stacked, [focus: Rect(x: 0, y: 1, width: width, height: body)])
        }
        let listWidth = width * 2 / 5
        let favoritesHeight = max(4, body * 2 / 5)
        return (.sideBySide, [
            .list: Rect(x: 0, y: 1, width: listWidth, height: body),
            .detail: Rect(x: listWidth, y: 1, width: width - listWidth, height: body - favoritesHeight),
            .favorites: Rect(x: listWidth, y: 1 + body - favoritesHeight, width: width - listWidth,
                             height: favoritesHeight),
        ])
    }
}
