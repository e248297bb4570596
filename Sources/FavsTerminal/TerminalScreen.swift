import FavsCore
import Foundation

/// What the run loop needs of a screen: the full screen through ncurses (`NcursesScreen`) or the rows at the
/// bottom of the terminal (`InlineScreen`, `--height`). Both draw the same canvases and read the same keys.
protocol TerminalScreen: AnyObject {
    var width: Int { get }
    var height: Int { get }
    /// Draws a frame, sending only what changed since the last one.
    func show(_ canvas: Canvas)
    /// Waits up to `timeout` milliseconds (nil: forever) for a key, a mouse event or a resize, or until `wake`
    /// is signalled (`.woken`).
    func read(timeout: Int32?, wake: LoopWake?) -> TerminalInput
    /// Takes the terminal's new size after a `.resize`.
    func resize()
    /// Repaints everything on the next frame (ctrl-l).
    func invalidate()
    /// Leaves the terminal to another program while `body` runs, then takes it back.
    func handOver(_ body: () -> Void)
    /// ctrl-z.
    func suspend()
    /// Restores the terminal. Safe to call more than once.
    func close()
}

extension NcursesScreen: TerminalScreen {}
