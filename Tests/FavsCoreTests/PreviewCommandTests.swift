import Testing
@testable import FavsCore
@testable import FavsModel

/// A preview command's placeholders: each replaced by the item's text as one single-quoted shell word.
@Suite struct PreviewCommandTests {
    static let item = Item(id: "it's", title: "a $(touch x) `b` \"c\"\nd", fields: [Field("path", "/tmp/o'k")], position: 1)

    static func expand(_ template: String, fields: [Field]? = item.fields) -> String {
        String(decoding: PreviewCommand(template).expanded(for: item, fields: fields), as: UTF8.self)
    }

    @Test func everyPlaceholderIsOneQuotedWord() {
        #expect(Self.expand("show {}") == #"show 'it'\''s'"#)
        #expect(Self.expand("echo {title}") == "echo 'a $(touch x) `b` \"c\"\nd'")
        #expect(Self.expand("cat {field:path}") == #"cat '/tmp/o'\''k'"#)
        #expect(Self.expand("cat {field:none}") == "cat ''", "a field the item has none of is empty")
        #expect(Self.expand("cat {field:path}", fields: nil) == "cat ''")
    }

    @Test func otherBracesAreShellText() {
        #expect(Self.expand("echo ${HOME} | awk '{print $1}' {nope} {field:}") == "echo ${HOME} | awk '{print $1}' {nope} {field:}")
        #expect(!PreviewCommand("echo {} {title}").usesFields && PreviewCommand("cat {field:path}").usesFields)
    }

    @Test func aLineThatIsNotUTF8ReachesTheCommandAsItCameIn() {
        let bytes: [UInt8] = [0x66, 0xFF, 0x27, 0x00, 0x6F]
        let line = Item(id: bytes.withUnsafeBytes { ItemID(line: $0) }, title: "f�'o", position: 1)
        #expect(PreviewCommand("x {}").expanded(for: line, fields: nil) == Array("x '".utf8) + [0x66, 0xFF] + Array("'\\''".utf8) + [0x6F, 0x27],
                "quoted byte for byte; the NUL no command line can hold is left out")
    }
}
