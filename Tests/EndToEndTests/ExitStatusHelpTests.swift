import FavsExitStatus
import Foundation
import Testing

/// Each command's help ends with the exit statuses it can return, and the manual's EXIT STATUS section holds
/// every one of them: a command that opens a library lists what opening one can end with (a postgres:// library
/// adds 65, 69, 76 and 77 to a file's 66 and 74).
@Suite struct ExitStatusHelpTests {
    /// The codes each command's help lists, as a user reads them.
    static let expected: [String: [Int32]] = [
        "browse": [0, 2, 64, 65, 66, 69, 74, 76, 77],
        "import": [0, 64, 65, 66, 69, 74, 76, 77],
        "list": [0, 1, 64, 65, 66, 69, 74, 76, 77],
        "export": [0, 1, 64, 65, 66, 69, 73, 74, 76, 77],
        "script": [0, 2, 64, 65, 66, 69, 73, 74, 76, 77],
        "fav": [0, 1, 64, 65, 66, 69, 74, 76, 77],
        "unfav": [0, 1, 64, 65, 66, 69, 74, 76, 77],
        "delete": [0, 1, 64, 65, 66, 69, 74, 76, 77],
        "restore": [0, 1, 64, 65, 66, 69, 74, 76, 77],
        "forget": [0, 1, 64, 65, 66, 69, 74, 76, 77],
        "open": [0, 1, 64, 65, 66, 69, 74, 76, 77],
        "pick": [0, 1, 2, 64, 65, 66, 69, 74, 76, 77, 130],
        "copy": [0, 64, 65, 66, 69, 73, 74, 76, 77],
        "index": [0, 64, 65, 66, 69, 74, 76, 77],
        "config": [0, 64, 74],
    ]

    @Test func everyCommandsHelpListsTheStatusesItCanReturnAndThoseOfOpeningALibrary() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let opening = Set(ExitStatus.libraryOpen.map(\.code))
        #expect(opening == [64, 65, 66, 69, 74, 76, 77])
        for (command, codes) in Self.expected {
            let help = try await favs(command, "--help", in: scratch)
            #expect(help.status == 0)
            let statuses = try #require(exitStatuses(inHelp: help.out), "favs \(command) --help has no Exit status")
            #expect(statuses.map(\.code) == codes, "favs \(command)")
            if help.out.contains("--library") || command == "copy" {
                #expect(opening.isSubset(of: statuses.map(\.code)), "favs \(command) opens a library")
            }
        }
    }

    @Test func theManualListsEveryStatusAnyCommandReturnsInTheHelpsWords() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let binary = try favsBinary()
        let manual = try await run("/bin/sh", ["-c", #""$1" --experimental-dump-help | "$1-man" "$("$1" --version)""#, "sh",
                                               binary], environment: pinnedEnvironment(home: scratch.url),
                                   in: scratch.url)
        try #require(manual.status == 0, "\(manual.err)")
        let section = manual.out.components(separatedBy: ".SH EXIT STATUS\n").last?
            .components(separatedBy: "\n.SH ").first ?? ""
        // `.TP`, the code, its text: each code once, in order.
        let lines = section.split(separator: "\n").map(String.init)
        var entries: [(code: Int32, text: String)] = []
        for index in stride(from: 0, to: lines.count - 2, by: 3) where lines[index] == ".TP" {
            entries.append((Int32(lines[index + 1]) ?? -1, lines[index + 2]))
        }
        #expect(entries.map(\.code) == Array(Set(Self.expected.values.joined())).sorted())
        #expect(entries.first { $0.code == 74 }?.text
                == "The library cannot be read or written; standard output cannot be written.")

        for command in Self.expected.keys.sorted() {
            let help = try await favs(command, "--help", in: scratch)
            for status in try #require(exitStatuses(inHelp: help.out)) {
                let manualText = try #require(entries.first { $0.code == status.code }?.text,
                                              "the manual lacks \(status.code)")
                // The help's meanings of a code are the manual's, joined by ", or ".
                let meanings = String(manualText.prefix(1).lowercased() + manualText.dropFirst().dropLast())
                    .components(separatedBy: "; ").sorted { $0.count > $1.count }
                var rest = status.text
                for meaning in meanings { rest = rest.replacingOccurrences(of: meaning, with: "") }
                #expect(rest.replacingOccurrences(of: ", or ", with: "").isEmpty,
                        "favs \(command): \(status.code) \(status.text) is not in the manual's words")
            }
        }
    }

    /// The `Exit status: 0 …; 1 …` paragraph of a help text, unwrapped, as (code, text) pairs.
    private func exitStatuses(inHelp help: String) -> [(code: Int32, text: String)]? {
        let lines = help.split(separator: "\n", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        guard let start = lines.firstIndex(where: { $0.hasPrefix("Exit status: ") }) else { return nil }
        let paragraph = lines[start...].prefix { !$0.isEmpty }.joined(separator: " ")
        guard paragraph.hasSuffix(".") else { return nil }
        return paragraph.dropFirst("Exit status: ".count).dropLast().components(separatedBy: "; ").map { entry in
            let code = entry.prefix { $0 != " " }
            return (Int32(code) ?? -1, String(entry.dropFirst(code.count + 1)))
        }
    }
}
