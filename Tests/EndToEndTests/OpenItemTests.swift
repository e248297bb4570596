import Foundation
import Testing

/// `o` in a script and `favs open ID`: the opener gets the value as one argument, exactly, never through a shell.
@Suite struct OpenItemTests {
    static let url = #"https://example.com/a b"c;d $(touch hacked) 'q'"#

    /// A library with an item to open by url, one by path, and one with nothing to open; an opener that writes
    /// its argument count and each argument in brackets to `args.txt`.
    private func prepare(_ scratch: Scratch) throws -> (library: String, environment: [String: String]) {
        let items = """
            [{"id": "u", "title": "Web", "url": \(try jsonString(Self.url))},
             {"id": "p", "title": "File", "artist": "A", "path": "/music/it's here.flac"},
             {"id": "n", "title": "Nothing", "year": "1999"}]
            """
        _ = try scratch.write("items.json", items)
        let opener = try scratch.write("opener.sh", """
            #!/bin/sh
            { printf '%s\\n' "$#"; for a in "$@"; do printf '[%s]\\n' "$a"; done; } > "$(dirname "$0")/args.txt"
            """)
        chmod(opener, 0o755)
        var environment = pinnedEnvironment(home: scratch.url)
        environment["FAVS_OPENER"] = opener
        return (scratch.path("lib.sqlite"), environment)
    }

    private func jsonString(_ text: String) throws -> String {
        String(decoding: try JSONEncoder().encode(text), as: UTF8.self).replacingOccurrences(of: "\\/", with: "/")
    }

    @Test func oInAScriptHandsTheOpenerTheUrlAsOneArgument() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let (library, environment) = try prepare(scratch)
        let imported = try await run(try favsBinary(), ["import", scratch.path("items.json"), "--library", library],
                                     environment: environment, in: scratch.url)
        try #require(imported.status == 0, "\(imported.err)")
        let result = try await run(try favsBinary(), ["script", "--library", library], stdin: "o\n",
                                   environment: environment, in: scratch.url)
        #expect(result.status == 0)
        #expect(try String(contentsOfFile: scratch.path("args.txt"), encoding: .utf8) == "1\n[\(Self.url)]\n")
        #expect(!FileManager.default.fileExists(atPath: scratch.path("hacked")), "no shell saw the value")

        let nothing = try await run(try favsBinary(), ["script", "--library", library, "--size", "80x24"],
                                    stdin: "G o\n", environment: environment, in: scratch.url)
        #expect(frames(nothing.out).last?.lines[23].hasPrefix(" “Nothing” has no url, link, href or path to open") == true)
    }

    @Test func favsOpenDoesTheSameFromTheShellWithItsExitCodes() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        var (library, environment) = try prepare(scratch)
        _ = try await run(try favsBinary(), ["import", scratch.path("items.json"), "--library", library],
                          environment: environment, in: scratch.url)
        let opened = try await run(try favsBinary(), ["open", "p", "--library", library], environment: environment,
                                   in: scratch.url)
        #expect(opened.status == 0 && opened.err == "", "favs open exited \(opened.status): \(opened.err)")
        #expect(try String(contentsOfFile: scratch.path("args.txt"), encoding: .utf8) == "1\n[/music/it's here.flac]\n")

        let nothing = try await run(try favsBinary(), ["open", "n", "--library", library], environment: environment,
                                    in: scratch.url)
        #expect(nothing.status == 1)
        #expect(nothing.err == "favs: “Nothing” (n) has no url, link, href or path to open\n")
        let unknown = try await run(try favsBinary(), ["open", "zz", "--library", library], environment: environment,
                                    in: scratch.url)
        #expect(unknown.status == 1 && unknown.err == "favs: no item 'zz'\n")

        environment["FAVS_OPENER"] = "/bin/false"
        let failing = try await run(try favsBinary(), ["open", "u", "--library", library], environment: environment,
                                    in: scratch.url)
        #expect(failing.status == 69)
        #expect(failing.err == "favs: '/bin/false' exited with status 1 opening \(Self.url)\n")
    }
}
