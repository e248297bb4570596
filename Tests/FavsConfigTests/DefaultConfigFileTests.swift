import FavsCore
import Testing
@testable import FavsConfig

/// `favs config --print-default`: a valid file that changes nothing and shows every setting.
@Suite struct DefaultConfigFileTests {
    @Test func theDefaultFileParsesBackToTheDefaults() throws {
        #expect(try Config(toml: Config.defaultFile, file: "default.toml", home: "/home/u") == .default)
    }

    @Test func theDefaultFileBindsEveryCommandToItsStandardKeys() {
        let text = Config.defaultFile
        for binding in KeyMap.standard.bindings where !binding.keys.isEmpty {
            let keys = binding.keys.map { "\"\($0.name)\"" }.joined(separator: ", ")
            #expect(text.contains("\n\(binding.command.name) = [\(keys)]"), "\(binding.command.name)")
        }
        // A command with no key in the browser is named, commented: a binding needs a key.
        #expect(text.contains("\n# forget-picks: no key (a picker has its own)"))
        #expect(text.contains("\nfavorite = [\"f\", \"space\"]"))
    }

    /// The settings with no single default value are there, commented out; uncommented, they parse.
    @Test func theCommentedOutSettingsAreValidWhenUncommented() throws {
        let text = Config.defaultFile
        let uncommented = text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { line in line.wholeMatch(of: /# [a-z-]+ = .*/) != nil ? String(line.dropFirst(2)) : String(line) }
            .joined(separator: "\n")
        let config = try Config(toml: uncommented, file: "default.toml", home: "/home/u")
        #expect(config.library == "/home/u/.local/share/favs/library.sqlite")
        #expect(config.colors == ["star": .number(3), "accent": .number(6), "field-name": .terminalDefault,
                                  "error": .number(1), "match": .number(2), "mark": .number(5)])
        #expect(config.keys == Config.default.keys)
        #expect(config.sources == [WatchSource(path: "/home/u/.config/google-chrome/Default/Bookmarks")])
    }

    @Test func tomlStringsAreEscaped() {
        #expect(Config.quoted(#"a"b\c"#) == #""a\"b\\c""#)
        #expect(Config.quoted("tab\there") == #""tab\u0009here""#)
    }
}
