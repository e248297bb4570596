import CNcurses
import FavsCore
import Foundation

/// What the ncurses screen writes for each frame of a scripted session (`favs script --cast`): the real
/// `NcursesScreen`, with its colour theme, writing into a temporary file instead of a terminal, read back
/// after every frame.
public final class CastRecorder {
    /// The terminal type a recording is made for: what most terminals, and asciinema's player, understand.
    public static let term = "xterm-256color"

    private let screen: NcursesScreen
    private let output: UnsafeMutablePointer<FILE>
    private let input: UnsafeMutablePointer<FILE>
    /// How much of the file has been read back.
    private var offset: off_t = 0
    private var isOpen = true

    /// Starts a screen of `width`×`height` for `term`, in the theme's colours with a config file's `palette`.
    public init(width: Int, height: Int, palette: Theme.Palette = [:]) throws {
        guard let output = tmpfile() else {
            throw TerminalError(description: "cannot record: no temporary file (\(String(cString: strerror(errno))))")
        }
        // Keys come from nowhere: a script's stdin may be the user's terminal, which must stay as it is.
        guard let input = fopen("/dev/null", "r") else {
            fclose(output)
            throw TerminalError(description: "cannot record: cannot open /dev/null")
        }
        do {
            screen = try NcursesScreen(recordingTo: output, input: input, term: Self.term,
                                       width: width, height: height, palette: palette)
        } catch {
            fclose(output)
            fclose(input)
            throw error
        }
        self.output = output
        self.input = input
    }

    /// Shows a canvas as the browser does, and returns what ncurses wrote for it (the first time, the
    /// terminal set-up too: alternate screen, keypad mode, hidden cursor, colours).
    public func show(_ canvas: Canvas) -> String {
        screen.show(canvas)
        return written()
    }

    /// Repaints the whole screen on the next frame, as ctrl-l does in the browser.
    public func invalidate() { screen.invalidate() }

    /// Leaves curses mode as favs does when it quits (the terminal's own screen back, the cursor shown), and
    /// returns what ncurses wrote for that. The recorder is done after this.
    public func close() -> String {
        guard isOpen else { return "" }
        isOpen = false
        screen.close()
        let bytes = written()
        fclose(output)
        fclose(input)
        return bytes
    }

    deinit { _ = close() }

    /// The bytes written since the last call. ncurses writes to the file's descriptor itself.
    private func written() -> String {
        fflush(output)
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = buffer.withUnsafeMutableBytes { pread(fileno(output), $0.baseAddress, $0.count, offset) }
            guard count > 0 else { break }
            bytes += buffer[..<count]
            offset += off_t(count)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
