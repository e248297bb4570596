import FavsCore
import Testing
@testable import FavsConfig

/// A bad config file is refused with `FILE:LINE: key: what is wrong`, the line being the one the setting is on.
@Suite struct ConfigErrorTests {
    static let file = "/home/u/.config/favs/config.toml"

    func refusal(_ text: String) -> ConfigError? {
        do {
            _ = try Config(toml: text, file: Self.file, home: "/home/u")
            return nil
        } catch {
            return error
        }
    }

    /// Each kind of mistake, on the fourth line of a file that is otherwise fine, and the message it gives.
    static let mistakes: [(String, String)] = [
        ("[keys]\nfavourite = \"f\"", "keys.favourite: unknown command 'favourite'"),
        ("[keys]\nfavorite = \"ctrl-Q\"", "keys.favorite: unknown key name 'ctrl-Q'"),
        ("[keys]\nfavorite = [\"f\", \"space bar\"]", "keys.favorite: unknown key name 'space bar'"),
        ("[keys]\nfavorite = 1", "keys.favorite: expected a key name or a list of key names (got an integer)"),
        ("[keys]\nfavorite = []", "keys.favorite: no key: a command needs at least one"),
        ("[colors]\nstars = \"red\"", "colors.stars: unknown role 'stars'"),
        ("[colors]\nstar = \"orange\"", "colors.star: unknown colour 'orange'"),
        ("[colors]\nstar = 300", "colors.star: colour number out of range 0-255 (300)"),
        ("[colors]\nstar = true", "colors.star: expected a colour name or a number 0-255 (got a boolean)"),
        ("\n[colours]\nstar = \"red\"", "colours: unknown table 'colours'"),
        ("\ncolour = \"auto\"", "colour: unknown key 'colour'"),
        ("\nmouse = \"yes\"", "mouse: expected true or false (got a string)"),
        ("\nascii = 1", "ascii: expected true or false (got an integer)"),
        ("\ntimeout = \"5s\"", "timeout: expected whole seconds from 0 to 3600 (got a string)"),
        ("\ntimeout = -1", "timeout: expected whole seconds from 0 to 3600 (got -1)"),
        ("\nsort = \"alphabetical\"", "sort: unknown order 'alphabetical' (library, title, recent, frequent or stars)"),
        ("\ncolor = \"sometimes\"", "color: unknown colour setting 'sometimes' (auto, always or never)"),
        ("\nlibrary = 7", "library: expected a string (got an integer)"),
        ("\nlibrary = \"favs.sqlite\"", "library: expected an absolute path or one starting with ~/ 'favs.sqlite'"),
        ("\nkeys = \"q\"", "keys: expected a table [keys] (got a string)"),
        ("[[sources]]\npath = \"Bookmarks\"", "sources.1.path: expected an absolute path or one starting with ~/ 'Bookmarks'"),
        ("[[sources]]\nformat = \"csv\"\npath = \"~/b\"",
         "sources.1.format: unknown bookmark format 'csv' (auto, chrome, firefox-backup, firefox or html)"),
        ("[[sources]]\nurl = \"x\"\npath = \"~/b\"", "sources.1.url: unknown key 'url'"),
        ("\nsources = \"~/Bookmarks\"", "sources: expected tables [[sources]] (got a string)"),
        ("[pick]\nhalf_life = 0", "pick.half_life: expected days above 0, up to 3650 (got 0)"),
        ("[pick]\nhalf_life = \"7d\"", "pick.half_life: expected days above 0, up to 3650 (got a string)"),
        ("[pick]\nhalflife = 7", "pick.halflife: unknown key 'halflife'"),
    ]

    @Test(arguments: mistakes)
    func eachMistakeNamesTheFileTheLineAndTheSetting(mistake: String, message: String) throws {
        let text = "# favs\n# the config\n" + mistake + "\n# the end\n"
        let error = try #require(refusal(text))
        #expect(error.description == "\(Self.file):4: \(message)")
        #expect(error.line == 4)
    }

    @Test func aMistakeInTheSecondSourceIsReportedAtItsLine() throws {
        let text = "[[sources]]\npath = \"~/a\"\n\n[[sources]]\nformat = \"chrome\"\n"
        let error = try #require(refusal(text))
        #expect(error.description == "\(Self.file):4: sources.2: a source needs a path")
        let format = try #require(refusal("[[sources]]\npath = \"~/a\"\n[[sources]]\npath = \"~/b\"\nformat = \"zip\"\n"))
        #expect(format.description.hasPrefix("\(Self.file):5: sources.2.format: unknown bookmark format 'zip'"))
    }

    @Test func theUnknownCommandMessageIsTheOneTheREADMEShows() throws {
        let error = try #require(refusal("mouse = true\n\n[keys]\nfavourite = \"f\"\n"))
        #expect(error.description == "/home/u/.config/favs/config.toml:4: keys.favourite: unknown command 'favourite'")
        #expect(error.statusLine == "config.toml:4: keys.favourite: unknown command — using defaults")
    }

    @Test func aSyntaxErrorIsReportedAtItsLine() throws {
        let error = try #require(refusal("mouse = true\n[keys]\nquit = \n"))
        #expect(error.line == 3)
        #expect(error.key == nil)
        #expect(error.description.hasPrefix("\(Self.file):3: "))
    }

    @Test func aKeyDefinedTwiceIsASyntaxError() throws {
        let error = try #require(refusal("[keys]\nquit = \"Q\"\nquit = \"x\"\n"))
        #expect(error.line == 3)
    }

    @Test func theMistakeHigherInTheFileIsReportedFirst() throws {
        // TOMLKit hands keys over sorted (alpha before zebra): the report must follow the file instead.
        #expect(refusal("zebra = 1\nalpha = 2\n")?.description == "\(Self.file):1: zebra: unknown key 'zebra'")
        #expect(refusal("[keys]\nundo = \"U\"\nfavourite = \"f\"\nback = \"ESC\"\n")?.line == 3)
    }

    @Test func aKeyBoundToTwoCommandsNamesBoth() throws {
        // delete keeps d, which favorite now takes as well.
        #expect(refusal("[keys]\nfavorite = [\"f\", \"d\"]\n")?.description
            == "\(Self.file):2: keys.favorite: 'd' is bound to both favorite and delete")
        // Both rebound: the later line is where the second binding came.
        #expect(refusal("[keys]\nundo = \"x\"\nredo = \"x\"\n")?.description
            == "\(Self.file):3: keys.redo: 'x' is bound to both undo and redo")
        #expect(refusal("[keys]\nredo = \"x\"\nundo = \"x\"\n")?.description
            == "\(Self.file):3: keys.undo: 'x' is bound to both undo and redo")
    }

    @Test func movingAKeyFromOneCommandToAnotherIsFine() throws {
        #expect(refusal("[keys]\nfavorite = \"d\"\ndelete = \"x\"\n") == nil)
    }

    @Test func aNULCharacterIsRefusedAtItsLine() throws {
        // toml++ reads a C string: everything after the NUL would be ignored without a word.
        #expect(refusal("mouse = true\nascii = true\0\n")?.description == "\(Self.file):2: a NUL character")
    }

    @Test func theStatusLineNamesTheFileOnlyAndSaysDefaultsAreUsed() throws {
        let error = ConfigError(file: "/a/b/config.toml", line: 7, key: "colors.star", problem: "unknown colour",
                                detail: "'orange'")
        #expect(error.statusLine == "config.toml:7: colors.star: unknown colour — using defaults")
        #expect(error.shorterStatusLines == ["config.toml:7: colors.star — using defaults", "config.toml:7 — using defaults"])
        let unreadable = ConfigError(file: "/a/b/config.toml", line: nil, key: nil, problem: "cannot read: Is a directory")
        #expect(unreadable.description == "/a/b/config.toml: cannot read: Is a directory")
        #expect(unreadable.statusLine == "config.toml: cannot read: Is a directory — using defaults")
        #expect(unreadable.shorterStatusLines == ["config.toml — using defaults"])
    }
}
