import Testing
@testable import FavsFormats

/// Text with every kind of escape next to look-alikes that must pass through: U+00A0 and U+00C2 share a
/// lead byte or a value with the C1 controls, and `/` may be escaped in JSON but is not.
private let tricky = "a\"b\\c\n\r\t\u{08}\u{0C}\u{0}\u{1B}\u{1F}\u{7F}\u{80}\u{9B}\u{9F}\u{A0}\u{C2}é日🎧/"

/// What `tricky` must become: short escapes where JSON has them, `\u00xx` in lowercase for other controls.
private let trickyLiteral = #""a\"b\\c\n\r\t\b\f\u0000\u001b\u001f\u007f\u0080\u009b\u009f"#
    + "\u{A0}\u{C2}é日🎧/\""

@Test func aJSONStringEscapesQuotesBackslashesAndEveryControlCharacter() {
    var text = "["
    JSONString.write(tricky, to: &text)
    #expect(text == "[" + trickyLiteral)
}

@Test func theByteWriterWritesTheSameLiteralAsTheStringWriter() {
    var bytes = Array("[".utf8)
    JSONString.write(tricky, to: &bytes)
    #expect(bytes == Array(("[" + trickyLiteral).utf8))
}

@Test func plainTextIsWrittenBetweenQuotesAsItIs() {
    var text = ""
    var bytes: [UInt8] = []
    for plain in ["", "Déjà vu 🎧"] {
        JSONString.write(plain, to: &text)
        JSONString.write(plain, to: &bytes)
    }
    #expect(text == #""""Déjà vu 🎧""#)
    #expect(bytes == Array(text.utf8))
}

@Test func aC1LeadByteAtTheEndOfTheTextIsNotReadPast() {
    // U+00C2's encoding starts with the byte that leads every C1 control; the writer looks one byte ahead.
    var bytes: [UInt8] = []
    JSONString.write("\n\u{C2}", to: &bytes)
    #expect(bytes == Array(#""\nÂ""#.utf8))
}
