import Foundation
import Testing
@testable import FavsConfig

/// Where favs looks for its config file, and what a missing, unreadable or undecodable one gives.
@Suite struct ConfigFileTests {
    @Test func theFileIsFAVS_CONFIGThenXDG_CONFIG_HOMEThenHome() {
        #expect(ConfigFile.path(environment: ["HOME": "/home/u"]) == "/home/u/.config/favs/config.toml")
        #expect(ConfigFile.path(environment: ["HOME": "/home/u", "XDG_CONFIG_HOME": "/xdg/"]) == "/xdg/favs/config.toml")
        #expect(ConfigFile.path(environment: ["HOME": "/home/u", "XDG_CONFIG_HOME": "/xdg", "FAVS_CONFIG": "/t/c.toml"])
            == "/t/c.toml")
        #expect(ConfigFile.path(environment: ["HOME": "/home/u", "XDG_CONFIG_HOME": "", "FAVS_CONFIG": ""])
            == "/home/u/.config/favs/config.toml", "empty counts as unset")
    }

    @Test func aMissingFileIsTheDefaultsSilently() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let loaded = ConfigFile.load(environment: ["HOME": folder.path])
        #expect(loaded.config == .default)
        #expect(loaded.error == nil)
    }

    @Test func aMissingFileNamedByFAVS_CONFIGIsAnError() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.path + "/nope.toml"
        let loaded = ConfigFile.load(environment: ["HOME": folder.path, "FAVS_CONFIG": path])
        #expect(loaded.config == .default)
        #expect(loaded.error?.description == "\(path): cannot read: No such file or directory")
    }

    @Test func aFileIsReadFromTheXDGFolder() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("favs/config.toml", "[keys]\nquit = \"Q\"\n")
        let loaded = ConfigFile.load(environment: ["HOME": "/nowhere", "XDG_CONFIG_HOME": folder.path])
        #expect(loaded.error == nil)
        #expect(loaded.config.keys[.quit] == [.char("Q")])
    }

    @Test func aFolderWhereTheFileShouldBeIsAnUnreadableFile() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try FileManager.default.createDirectory(atPath: folder.path + "/favs/config.toml", withIntermediateDirectories: true)
        let loaded = ConfigFile.load(environment: ["XDG_CONFIG_HOME": folder.path])
        #expect(loaded.config == .default)
        #expect(loaded.error?.description == "\(folder.path)/favs/config.toml: cannot read: Is a directory")
    }

    @Test func aFileThatIsNotUTF8IsRefusedAtTheLineOfTheFirstBadByte() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = try folder.write("c.toml", Data("mouse = true\n\n# caf\u{E9}\n".utf8.map { $0 } + [0xE9, 0x0A]))
        let loaded = ConfigFile.load(environment: ["FAVS_CONFIG": path])
        #expect(loaded.config == .default)
        #expect(loaded.error?.description == "\(path):4: not UTF-8 text")
    }

    @Test func aBadFileGivesTheDefaultsAndTheError() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = try folder.write("c.toml", "mouse = false\nsort = \"title\"\n[keys]\nfavourite = \"f\"\n")
        let loaded = ConfigFile.load(environment: ["FAVS_CONFIG": path])
        #expect(loaded.config == .default, "nothing of a bad file is used, not even its good lines")
        #expect(loaded.error?.description == "\(path):4: keys.favourite: unknown command 'favourite'")
    }
}

/// A fresh folder for one test.
struct TemporaryFolder {
    let path: String

    init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("favs-config-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    @discardableResult
    func write(_ name: String, _ text: String) throws -> String { try write(name, Data(text.utf8)) }

    @discardableResult
    func write(_ name: String, _ data: Data) throws -> String {
        let url = URL(fileURLWithPath: path).appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
        return url.path
    }

    func remove() { try? FileManager.default.removeItem(atPath: path) }
}
