import Foundation
import Testing

/// `favs script --cast`: an asciicast v2 file whose output, played through a terminal emulator (tmux), draws
/// the screens the text frames show; and the committed docs/demo.cast kept up to date.
@Suite struct CastRecordingTests {
    /// A cast read line by line as JSON: the header, then each event as (seconds, type, data).
    struct Cast {
        let header: [String: Any]
        let events: [(time: Double, type: String, data: String)]

        init(_ text: String) throws {
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            guard lines.last == "" else { throw HarnessError("the cast does not end in a newline") }
            let values = try lines.dropLast().enumerated().map { index, line in
                do {
                    return try JSONSerialization.jsonObject(with: Data(line.utf8), options: [.fragmentsAllowed])
                } catch {
                    throw HarnessError("line \(index + 1) is not JSON: \(line.prefix(80))")
                }
            }
            guard let header = values.first as? [String: Any] else { throw HarnessError("no header object") }
            self.header = header
            events = try values.dropFirst().enumerated().map { index, value in
                guard let event = value as? [Any], event.count == 3, let time = event[0] as? Double,
                      let type = event[1] as? String, let data = event[2] as? String else {
                    throw HarnessError("event \(index + 1) is not [number, string, string]: \(value)")
                }
                return (time, type, data)
            }
        }
    }

    @Test func theCastHasAV2HeaderOfTheScriptsSizeAndTimedOutputEvents() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let result = try await favs("script", "--library", ":memory:", "--size", "60x20", "--cast", "s.cast",
                                    stdin: "j j f\nwait 2500\n/ type de\n", in: scratch)
        #expect(result.status == 0, "\(result.err)")
        let cast = try Cast(try String(contentsOfFile: scratch.path("s.cast"), encoding: .utf8))

        #expect(cast.header["version"] as? Int == 2)
        #expect(cast.header["width"] as? Int == 60 && cast.header["height"] as? Int == 20)
        #expect(cast.header["timestamp"] as? Int == 0)
        #expect((cast.header["env"] as? [String: String])?["TERM"] == "xterm-256color")

        #expect(cast.events.allSatisfy { $0.type == "o" && !$0.data.isEmpty })
        let times = cast.events.map(\.time)
        #expect(times == times.sorted(), "times go forward: \(times)")
        // The first screen at 0; j, j, f 0.4 s apart; the wait; '/' and each typed key; leaving 0.4 s later.
        #expect(times == [0, 0.4, 0.8, 1.2, 4.1, 4.25, 4.4, 4.8])
        #expect(cast.events.first?.data.contains("\u{1B}[?1049h") == true, "it starts in the alternate screen")
        #expect(cast.events.last?.data.contains("\u{1B}[?1049l") == true, "it ends by leaving it")
    }

    @Test func playingTheCastInATerminalDrawsTheLastFrameThenRestoresTheTerminal() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        // Stars, a wide-character filter, the favorites view, the help over the panes, a delete undone.
        let script = "j j f wait 500 j f\n/ type de\nenter esc F k u ? esc G d u\n"
        let result = try await favs("script", "--library", ":memory:", "--cast", "s.cast", stdin: script, in: scratch)
        #expect(result.status == 0, "\(result.err)")
        let expected = try #require(frames(result.out).last).lines
        let cast = try Cast(try String(contentsOfFile: scratch.path("s.cast"), encoding: .utf8))
        // Everything but the last event (favs leaving the screen), as bytes for the pane to print.
        _ = try scratch.write("session", cast.events.dropLast().map(\.data).joined())
        // Then the last event, and a mark that shows once the pane has drawn it.
        _ = try scratch.write("ending", try #require(cast.events.last).data + "played to the end\n")

        let tmux = try await Tmux(width: 80, height: 24, scratch: scratch)
        defer { tmux.close() }
        try await tmux.start("cat session")
        try await tmux.waitForScreen(expected, after: "playing the cast")
        #expect(try await tmux.display("#{alternate_on} #{cursor_flag}") == "1 0", "in the alternate screen, no cursor")

        try await tmux.start("cat session ending")
        try await tmux.waitFor("played to the end")
        #expect(try await tmux.display("#{alternate_on} #{cursor_flag} #{keypad_cursor_flag}") == "0 1 0",
                "after the last event: the normal screen, the cursor shown, keypad mode off")
    }

    @Test func ctrlLRepaintsTheWholeScreenInTheRecordingAsInTheBrowser() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let result = try await favs("script", "--library", ":memory:", "--cast", "s.cast", stdin: "j ctrl-l", in: scratch)
        #expect(result.status == 0, "\(result.err)")
        let cast = try Cast(try String(contentsOfFile: scratch.path("s.cast"), encoding: .utf8))
        try #require(cast.events.count == 4)
        #expect(!cast.events[1].data.contains("sample library"), "j writes only what changed")
        #expect(cast.events[2].data.hasPrefix("\u{1B}[H\u{1B}[2J"), "ctrl-l clears the screen")
        #expect(cast.events[2].data.contains("sample library"), "and draws all of it again")
    }

    @Test func aResizeCannotBeRecordedAndNothingIsWritten() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let path = try scratch.write("tour.script", "j\nresize 40x12\n")
        let result = try await favs("script", path, "--library", ":memory:", "--cast", "s.cast", in: scratch)
        #expect(result.status == 2)
        #expect(result.out == "")
        #expect(result.err == "favs: \(path):2: 'resize' cannot be recorded with --cast: a cast has one size (use --size)\n")
        #expect(!FileManager.default.fileExists(atPath: scratch.path("s.cast")))
    }

    @Test func theCommittedDemoIsWhatMakeDemoRecords() async throws {
        let root = URL(fileURLWithPath: #filePath)  // <root>/Tests/EndToEndTests/CastRecordingTests.swift
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let committed = try String(contentsOf: root.appendingPathComponent("docs/demo.cast"), encoding: .utf8)
        let scratch = try Scratch()
        defer { scratch.remove() }
        // As the Makefile runs it: no config file. The header's timestamp may differ (SOURCE_DATE_EPOCH).
        var environment = pinnedEnvironment(home: scratch.url)
        environment["FAVS_CONFIG"] = "/dev/null"
        environment["SOURCE_DATE_EPOCH"] = "1700000000"
        let result = try await run(try favsBinary(), ["script", root.appendingPathComponent("docs/demo.script").path,
                                                      "--library", ":memory:", "--cast", scratch.path("demo.cast")],
                                   environment: environment, in: scratch.url)
        #expect(result.status == 0, "\(result.err)")
        let fresh = try String(contentsOfFile: scratch.path("demo.cast"), encoding: .utf8)
        #expect(fresh.contains("\"timestamp\":1700000000,"))
        func withoutTimestamp(_ text: String) -> String {
            text.replacingOccurrences(of: #""timestamp":[0-9]+,"#, with: "", options: .regularExpression)
        }
        let same = withoutTimestamp(fresh) == withoutTimestamp(committed)
        #expect(same, "docs/demo.cast is stale: run make demo")
    }
}
