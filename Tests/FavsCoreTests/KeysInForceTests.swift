import Testing
@testable import FavsCore
@testable import FavsModel

/// With keys moved (a config file's `[keys]`), everything on screen that names a key names the one in force.
@Suite struct KeysInForceTests {
    static let moved = KeyMap.standard.replacingKeys([
        .toggleFavorite: [.char("*")], .undo: [.char("U")], .help: [.char("h")], .favoritesView: [.char("V")],
        .back: [.backspace, .escape],
    ])

    func browser(_ keyMap: KeyMap = moved, width: Int = 80) -> Browser {
        Browser(store: Store(items: threeItems()), libraryName: "sample library", width: width, height: 24, keyMap: keyMap)
    }

    func press(_ browser: Browser, _ keys: Key...) {
        for key in keys { browser.handle(key) }
    }

    @Test func theKeyHintsNameTheKeysInForce() {
        #expect(browser().frame().lines.last == " * fav · d delete · U undo · / filter · h help             3 items · 1 favorite")
        #expect(browser(width: 100).frame().lines.last
            == " * favorite · d delete · U undo · / filter · h help · q quit                   3 items · 1 favorite")
        #expect(browser(.standard).frame().lines.last
            == " f fav · d delete · u undo · / filter · ? help             3 items · 1 favorite")
    }

    @Test func messagesNameTheKeysInForce() {
        let b = browser()
        press(b, .char("d"))
        #expect(b.message?.text == "Deleted “Alpha” — U to undo")
        press(b, .char("f"))
        #expect(b.message?.text == "f: not a key here (h for help)")
        press(b, .char("V"))
        #expect(b.message?.text == "Favorites only — V for every item")
    }

    @Test func theMarksHintsNameTheKeysInForce() {
        let b = browser()
        press(b, .char("m"))
        #expect(b.frame().lines.last == " 1 marked · * favorite · d delete · backspace clears       3 items · 1 favorite")
    }

    @Test func aLongErrorGivesWayToTheFirstShorterFormThatFits() {
        let b = browser(width: 60)
        b.show(error: "config.toml:4: keys.favourite: unknown command — using defaults",
               shorter: ["config.toml:4: keys.favourite — using defaults", "config.toml:4 — using defaults"])
        #expect(b.frame().lines.last == " config.toml:4 — using defaults        3 items · 1 favorite")
        b.resize(width: 80, height: 24)
        #expect(b.frame().lines.last == " config.toml:4: keys.favourite — using defaults            3 items · 1 favorite")
        b.resize(width: 100, height: 24)
        #expect(b.frame().lines.last
            == " config.toml:4: keys.favourite: unknown command — using defaults               3 items · 1 favorite")
    }
}
