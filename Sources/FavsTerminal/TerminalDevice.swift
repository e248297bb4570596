import CNcurses
import Foundation

/// Which terminal the screen draws on and reads keys from.
public enum TerminalDevice: Sendable {
    /// stdin and stdout: the browser.
    case standard
    /// The controlling terminal, `/dev/tty`, whatever stdin and stdout are: a picker (`favs pick`), whose
    /// stdin may be the list and whose stdout goes to the shell (`vim "$(favs pick)"`), as fzf does.
    case controllingTerminal

    /// The streams ncurses is to use; `/dev/tty` is opened here and closed with the screen.
    func open() throws -> TerminalStreams {
        switch self {
        case .standard:
            return TerminalStreams(output: cn_stdout(), input: cn_stdin(), owned: nil)
        case .controllingTerminal:
            guard let stream = fopen("/dev/tty", "r+") else {
                throw TerminalError(description: "cannot open the terminal (/dev/tty): \(String(cString: strerror(errno)))")
            }
            return TerminalStreams(output: stream, input: stream, owned: stream)
        }
    }
}

/// The streams a screen uses, and the one it opened itself (to close with it).
struct TerminalStreams {
    let output: UnsafeMutablePointer<FILE>
    let input: UnsafeMutablePointer<FILE>
    let owned: UnsafeMutablePointer<FILE>?

    func close() {
        if let owned { fclose(owned) }
    }
}
