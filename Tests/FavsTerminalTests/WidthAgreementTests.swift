import CNcurses
import Foundation
import Testing
@testable import FavsCore
@testable import FavsModel
@testable import FavsTerminal

/// The canvas measures text with its own table; ncurses places characters with glibc's wcwidth.
/// If they disagreed, a wide title would push the rest of its row out of line on the real screen.
@Suite struct WidthAgreementTests {
    static let samples: [String] = SampleLibrary.items.flatMap { [$0.title] + $0.fields.map(\.value) } + [
        "★", "…", "─━│┃┌┏", "␛␇", "é", "e\u{301}", "Ａｂ", "한국어", "🎧🌊🎹🚀", "ｶﾀｶﾅ", "\u{200B}", "§½",
    ]

    @Test(arguments: samples)
    func ourWidthTableAgreesWithGlibcWcwidth(text: String) {
        Locale.ensureUTF8()
        for scalar in text.unicodeScalars {
            let glibc = Int(cn_wcwidth(wchar_t(bitPattern: scalar.value)))
            #expect(TextWidth.of(scalar) == max(0, glibc), "U+\(String(scalar.value, radix: 16, uppercase: true)) in \(text)")
        }
    }

    @Test func keyCodesDecodeToTheKeysTheKeyMapNames() {
        #expect(KeyDecoder.character(UInt32(UInt8(ascii: "j"))) == .char("j"))
        #expect(KeyDecoder.character(13) == .enter)
        #expect(KeyDecoder.character(27) == .escape)
        #expect(KeyDecoder.character(127) == .backspace)
        #expect(KeyDecoder.character(18) == .ctrl("r"))
        #expect(KeyDecoder.character(3) == .ctrl("c"))
        #expect(KeyDecoder.character(0x66F2) == .char("曲"))
        #expect(KeyDecoder.character(0x9B) == nil)  // a C1 control is never typed into a filter
        #expect(KeyDecoder.functionKey(KEY_DOWN) == .down)
        #expect(KeyDecoder.functionKey(KEY_NPAGE) == .pageDown)
        #expect(KeyDecoder.functionKey(KEY_DC) == .delete)
    }
}
