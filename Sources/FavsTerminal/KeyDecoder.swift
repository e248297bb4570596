import CNcurses
import FavsCore
import FavsModel

/// Turns what `wget_wch` returns into keys.
enum KeyDecoder {
    /// A character code: control codes become named keys or ctrl-letters.
    static func character(_ code: UInt32) -> Key? {
        switch code {
        case 9: return .tab
        case 10, 13: return .enter
        case 27: return .escape
        case 8, 127: return .backspace
        case 0, 28...31: return nil
        case 1...26:
            guard let scalar = Unicode.Scalar(code + 96) else { return nil }
            return .ctrl(Character(scalar))
        default:
            guard let scalar = Unicode.Scalar(code) else { return nil }
            let character = Character(scalar)
            return Key.isPrintable(character) ? .char(character) : nil
        }
    }

    /// A keypad code (`KEY_*`).
    static func functionKey(_ code: Int32) -> Key? {
        switch code {
        case KEY_UP: .up
        case KEY_DOWN: .down
        case KEY_LEFT: .left
        case KEY_RIGHT: .right
        case KEY_HOME: .home
        case KEY_END: .end
        case KEY_NPAGE: .pageDown
        case KEY_SR: .shiftUp
        case KEY_SF: .shiftDown
        case KEY_PPAGE: .pageUp
        case KEY_ENTER: .enter
        case KEY_BACKSPACE: .backspace
        case KEY_DC: .delete
        case KEY_BTAB: .backTab
        default: nil
        }
    }
}
