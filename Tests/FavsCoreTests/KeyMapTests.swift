import Testing
@testable import FavsCore

/// The key map's commands by name (as a config file binds them), and a map with some keys replaced.
@Suite struct KeyMapTests {
    @Test func everyCommandHasItsOwnNameAndIsFoundByIt() {
        let names = Command.allCases.map(\.name)
        #expect(Set(names).count == names.count)
        for command in Command.allCases { #expect(Command(name: command.name) == command) }
        #expect(Command(name: "favorite") == .toggleFavorite)
        #expect(Command(name: "favorites-view") == .favoritesView)
        #expect(Command(name: "toggleFavorite") == nil)
    }

    @Test func theStandardMapBindsEveryCommand() {
        #expect(Set(KeyMap.standard.bindings.map(\.command)) == Set(Command.allCases))
    }

    @Test func replacingKeysKeepsEachBindingsPlaceAndHelp() {
        let map = KeyMap.standard.replacingKeys([.quit: [.char("Q")], .toggleFavorite: [.char("*")]])
        #expect(map.bindings.map(\.command) == KeyMap.standard.bindings.map(\.command))
        #expect(map.bindings.map(\.template) == KeyMap.standard.bindings.map(\.template))
        #expect(map.bindings.first { $0.command == .mark }?.help == "mark / unmark (*, d, t act on marks)",
                "a help text that names another command's key names the one in force")
        #expect(KeyMap.standard.bindings.first { $0.command == .mark }?.help == "mark / unmark (f, d, t act on marks)")
        #expect(map.command(for: .char("Q")) == .quit)
        #expect(map.command(for: .char("q")) == nil)
        #expect(map.command(for: .char("*")) == .toggleFavorite)
        #expect(map.command(for: .char("f")) == nil)
        #expect(map.keys(for: .delete) == [.char("d"), .delete])
    }
}
