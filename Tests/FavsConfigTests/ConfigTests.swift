import FavsCore
import FavsFormats
import FavsModel
import Testing
@testable import FavsConfig

/// A config file's text in, a `Config` out: what each setting does to it.
@Suite struct ConfigTests {
    func parse(_ text: String) throws -> Config {
        try Config(toml: text, file: "/home/u/.config/favs/config.toml", home: "/home/u")
    }

    @Test func anEmptyFileIsTheDefaults() throws {
        #expect(try parse("") == .default)
        #expect(try parse("# nothing but a comment\n\n[keys]\n[colors]\n") == .default)
        #expect(Config.default.keyMap.bindings.map(\.keys) == KeyMap.standard.bindings.map(\.keys))
    }

    @Test func aKeyOrAListOfKeysReplacesThatCommandsKeys() throws {
        let config = try parse("""
            [keys]
            favorite = ["f", "*"]
            quit = "Q"
            """)
        let keyMap = config.keyMap
        #expect(keyMap.keys(for: .toggleFavorite) == [.char("f"), .char("*")])
        #expect(keyMap.command(for: .char("*")) == .toggleFavorite)
        #expect(keyMap.command(for: .char(" ")) == nil, "space was favorite's and is no longer bound")
        #expect(keyMap.keys(for: .quit) == [.char("Q")])
        #expect(keyMap.command(for: .char("q")) == nil)
        #expect(keyMap.command(for: .ctrl("c")) == nil)
        #expect(keyMap.keys(for: .delete) == [.char("d"), .delete], "a command not named keeps its keys")
        #expect(keyMap.bindings.map(\.command) == KeyMap.standard.bindings.map(\.command), "help keeps its order")
    }

    @Test func keysAreNamedAsInScripts() throws {
        let config = try parse("""
            [keys]
            move-down = ["down", "ctrl-n"]
            page-down = ["space", "pgdn"]
            favorite = "★"
            """)
        #expect(config.keys[.moveDown] == [.down, .ctrl("n")])
        #expect(config.keys[.pageDown] == [.char(" "), .pageDown])
        #expect(config.keys[.toggleFavorite] == [.char("★")])
    }

    @Test func everyOtherSettingIsRead() throws {
        let config = try parse("""
            mouse = false
            library = "/srv/favs/library.sqlite"
            sort = "title"
            color = "never"
            ascii = true
            timeout = 12

            [colors]
            star = "bright-yellow"
            accent = 208
            field-name = "default"
            """)
        #expect(config.mouse == false)
        #expect(config.library == "/srv/favs/library.sqlite")
        #expect(config.sort == .title)
        #expect(config.color == .never)
        #expect(config.ascii == true)
        #expect(config.timeout == 12)
        #expect(config.colors == ["star": .number(11), "accent": .number(208), "field-name": .terminalDefault])
    }

    @Test func sourcesAreBookmarkFilesWithTheirFormats() throws {
        let config = try parse("""
            [[sources]]
            path = "~/.config/google-chrome/Default/Bookmarks"

            [[sources]]
            path = "/srv/backup/bookmarks.jsonlz4"
            format = "firefox-backup"
            """)
        #expect(config.sources == [WatchSource(path: "/home/u/.config/google-chrome/Default/Bookmarks"),
                                   WatchSource(path: "/srv/backup/bookmarks.jsonlz4", format: .firefoxBackup)])
        #expect(try parse("").sources.isEmpty)
    }

    @Test func aPicksHalfLifeIsReadInDaysAndAWeekWithoutOne() throws {
        #expect(try parse("[pick]\nhalf_life = 2").frecency == Frecency(halfLife: 2 * Frecency.day))
        #expect(try parse("[pick]\nhalf_life = 0.5").frecency == Frecency(halfLife: Frecency.day / 2))
        #expect(try parse("").frecency.halfLife == 7 * 86_400_000)
    }

    @Test func aPreviewCommandIsReadAsWritten() throws {
        #expect(try parse(#"preview = "git log --oneline {} -- {field:path}""#).preview == "git log --oneline {} -- {field:path}")
        #expect(try parse("").preview == nil)
    }

    @Test func aLibraryUnderTheHomeFolderStartsThere() throws {
        #expect(try parse(#"library = "~/music/favs.sqlite""#).library == "/home/u/music/favs.sqlite")
    }

    @Test func dottedKeysAndInlineTablesAreTheSameSettings() throws {
        let dotted = try parse(#"keys.quit = "Q""# + "\ncolors = { star = \"red\" }\n")
        #expect(dotted.keys[.quit] == [.char("Q")])
        #expect(dotted.colors == ["star": .number(1)])
    }

    @Test func colorsBecomeTheThemesPalette() throws {
        let config = try parse("[colors]\nstar = \"bright-blue\"\nerror = 196\nmark = \"default\"\n")
        let expected: Theme.Palette = [.star: 12, .error: 196, .mark: Int?.none]
        #expect(config.palette == expected)
    }

    @Test func everyRoleButPlainCanBeGivenAColour() {
        #expect(Set(Config.roleNames.keys) == Set(Role.allCases).subtracting([.plain]))
        #expect(Set(Config.roleNames.values) == ["star", "accent", "field-name", "error", "match", "mark"])
    }

    @Test func colourNamesAreTheSixteenANSIColoursInNumberOrder() {
        #expect(ConfigColor(name: "black") == .number(0))
        #expect(ConfigColor(name: "white") == .number(7))
        #expect(ConfigColor(name: "bright-black") == .number(8))
        #expect(ConfigColor(name: "bright-white") == .number(15))
        #expect(ConfigColor(name: "default") == .terminalDefault)
        #expect(ConfigColor(name: "208") == nil, "a number is a TOML integer")
        #expect(ConfigColor(number: 255) == .number(255))
        #expect(ConfigColor(number: 256) == nil)
        #expect(ConfigColor(number: -1) == nil)
        #expect(ConfigColor.number(9).name == "bright-red")
        #expect(ConfigColor.number(75).name == "75")
    }
}
