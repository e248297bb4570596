import CNcurses
import FavsCore

/// The ncurses mouse: asking the terminal for clicks and the wheel, and decoding what `getmouse` reports.
enum Mouse {
    /// Asks for presses of button 1 and the wheel only: no releases, no motion, so a click is one event
    /// and moving the pointer sends nothing. ncurses picks the terminal's protocol (SGR, 1006, for xterm)
    /// and turns it off again at `endwin`, also when a signal ends favs.
    static func enable() {
        mousemask(cn_button1_pressed() | cn_button4_pressed() | cn_button5_pressed(), nil)
        // No waiting to tell a click from a double click: a press is acted on at once.
        mouseinterval(0)
    }

    /// The pending mouse event after `KEY_MOUSE`, nil when there is none or it is not one favs uses.
    static func read() -> MouseEvent? {
        var event = MEVENT()
        guard getmouse(&event) == OK else { return nil }
        let kind: MouseEvent.Kind
        if event.bstate & cn_button1_pressed() != 0 {
            kind = .click
        } else if event.bstate & cn_button4_pressed() != 0 {
            kind = .wheelUp
        } else if event.bstate & cn_button5_pressed() != 0 {
            kind = .wheelDown
        } else {
            return nil
        }
        return MouseEvent(kind, column: Int(event.x), row: Int(event.y))
    }
}
