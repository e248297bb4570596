import Foundation
import Testing

/// The manual's SCRIPT STEPS section and docs/script.md's step table name the same steps, in the same order.
@Suite struct ManualScriptStepsTests {
    /// The first word of each code span of each term: `…` in Markdown, \fB…\fR in roff.
    private func stepNames(markdown terms: [String]) -> [String] {
        terms.flatMap { term in
            term.components(separatedBy: "`").enumerated().filter { $0.offset % 2 == 1 }.compactMap(\.element.firstWord)
        }
    }

    private func stepNames(roff terms: [String]) -> [String] {
        terms.flatMap { term in
            term.components(separatedBy: "\\fB").dropFirst().compactMap { $0.components(separatedBy: "\\fR").first?.firstWord }
        }
    }

    @Test func theManualListsTheStepsDocsScriptMdLists() async throws {
        let root = URL(fileURLWithPath: #filePath)  // <root>/Tests/EndToEndTests/ManualScriptStepsTests.swift
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let docs = try String(contentsOf: root.appendingPathComponent("docs/script.md"), encoding: .utf8)
        let lines: [String] = docs.split(separator: "\n").map(String.init)
        let table: [String] = Array(lines.drop { $0 != "| step | meaning |" }.dropFirst(2).prefix { $0.hasPrefix("|") })
        // A row's first cell: how the step is written.
        let documented: [String] = table.map { row in row.split(separator: "|").first.map(String.init) ?? "" }

        let binary = try favsBinary()
        let generator = URL(fileURLWithPath: binary).deletingLastPathComponent().appendingPathComponent("favs-man").path
        let scratch = try Scratch()
        defer { scratch.remove() }
        let help = try await run(binary, ["--experimental-dump-help"], environment: pinnedEnvironment(home: scratch.url),
                                 in: scratch.url)
        let page = try await run(generator, ["favs 1.0"], stdin: help.out, environment: pinnedEnvironment(home: scratch.url),
                                 in: scratch.url)
        #expect(page.status == 0, "\(page.err)")
        // Each entry of the section: .TP, its term, its text.
        let roff: [String] = page.out.split(separator: "\n").map(String.init)
        let section: [String] = Array(roff.drop { $0 != ".SH SCRIPT STEPS" }.dropFirst().prefix { !$0.hasPrefix(".SH ") })
        let termIndices: [Int] = section.indices.filter { section[$0] == ".TP" && $0 + 1 < section.count }
        let terms: [String] = termIndices.map { section[$0 + 1].replacingOccurrences(of: "\\-", with: "-") }

        let inDocs = stepNames(markdown: documented)
        #expect(inDocs.contains("wait") && inDocs.contains("frame") && inDocs.contains("ctrl-z"))
        #expect(stepNames(roff: terms) == inDocs)
        #expect(terms.count == documented.count, "one entry per row of the table")
    }
}

private extension String {
    var firstWord: String? { split(separator: " ").first.map(String.init) }
}
