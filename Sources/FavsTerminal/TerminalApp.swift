import CNcurses
import FavsCore
import Foundation

/// The interactive browser: one frame per loop turn, keys in, frames out, terminal always restored.
public enum TerminalApp {
    /// Runs until the user quits or stdin closes. Throws `TerminalError` when the terminal cannot be used.
    public static func run(_ browser: Browser) throws {
        Signals.install()
        let screen = try NcursesScreen()
        defer { screen.close() }
        browser.resize(width: screen.width, height: screen.height)
        while true {
            screen.show(browser.frame())
            switch screen.read() {
            case .endOfInput:
                return
            case .resize:
                screen.resize()
                browser.resize(width: screen.width, height: screen.height)
            case let .key(key):
                switch browser.handle(key) {
                case .quit: return
                case .suspend: screen.suspend()
                case .redraw: screen.invalidate()
                case .none: break
                }
            }
        }
    }
}
