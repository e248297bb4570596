import Foundation

/// A mouse action at a screen cell, decoded from the terminal or named in a script.
///
/// Positions are 0-based here, like canvas rows and columns; terminals and scripts count from 1.
public struct MouseEvent: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// Button 1 pressed. favs acts on the press, so a click answers at once.
        case click
        case wheelUp, wheelDown
    }

    public var kind: Kind
    /// The screen column, from 0.
    public var column: Int
    /// The screen row, from 0 (the title bar).
    public var row: Int

    public init(_ kind: Kind, column: Int, row: Int) {
        self.kind = kind
        self.column = column
        self.row = row
    }
}
