import FavsCore
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// `favs script --svg`: the last frame as a picture, and the README's picture kept up to date.
@Suite struct SVGPictureTests {
    @Test func theSVGIsXMLWhoseTextRowByRowIsTheLastFrame() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        // A first frame that differs from the last; a favorite, a filter with wide characters in the panes.
        let result = try await favs("script", "--library", ":memory:", "--svg", "screen.svg",
                                    stdin: "frame j j f\n/ type de\n", in: scratch)
        #expect(result.status == 0)
        #expect(result.err == "")
        let printed = frames(result.out)
        try #require(printed.count == 2)
        let data = try #require(FileManager.default.contents(atPath: scratch.path("screen.svg")))

        let picture = try SVGText.read(data)
        #expect(picture.width == 80 * SVGImage.cellWidth && picture.height == 24 * SVGImage.cellHeight)
        let rows = try picture.rows(count: 24)
        let sameAsTheLastFrame = rows == printed[1].lines
        #expect(sameAsTheLastFrame, "\(difference(rows, printed[1].lines))")
        #expect(rows != printed[0].lines)
    }

    @Test func theCommittedScreenshotIsWhatMakeScreenshotMakes() async throws {
        let root = URL(fileURLWithPath: #filePath)  // <root>/Tests/EndToEndTests/SVGPictureTests.swift
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let script = root.appendingPathComponent("docs/screenshot.script").path
        let committed = try Data(contentsOf: root.appendingPathComponent("docs/screenshot.svg"))
        let scratch = try Scratch()
        defer { scratch.remove() }
        // As the Makefile runs it: no config file.
        var environment = pinnedEnvironment(home: scratch.url)
        environment["FAVS_CONFIG"] = "/dev/null"
        let result = try await run(try favsBinary(), ["script", script, "--library", ":memory:",
                                                      "--svg", scratch.path("screenshot.svg")],
                                   environment: environment, in: scratch.url)
        #expect(result.status == 0, "\(result.err)")
        let fresh = try Data(contentsOf: scratch.url.appendingPathComponent("screenshot.svg"))
        let same = fresh == committed
        #expect(same, "docs/screenshot.svg is stale: run make screenshot")
    }
}

/// The characters of an SVG picture and where they sit: each `<tspan x=…>` of each `<text y=…>`, read with
/// `XMLParser` (so the file must be well-formed XML).
final class SVGText: NSObject, XMLParserDelegate {
    private(set) var width = 0, height = 0
    /// Each drawn character: its x and its text's y, in pixels.
    private(set) var characters: [(x: Int, y: Int, text: String)] = []
    private var textY: Int?
    private var spanX: Int?
    private var problem: String?

    static func read(_ data: Data) throws -> SVGText {
        let reader = SVGText()
        let parser = XMLParser(data: data)
        parser.delegate = reader
        guard parser.parse() else {
            throw HarnessError("not XML: \(parser.parserError.map { String(describing: $0) } ?? "no error given")")
        }
        if let problem = reader.problem { throw HarnessError(problem) }
        return reader
    }

    /// The picture as text: each character put in the column its x names, one line per row, trailing spaces
    /// trimmed, as `favs script` prints a frame.
    func rows(count: Int) throws -> [String] {
        var rows: [String] = []
        for row in 0..<count {
            var line = "", column = 0
            let onRow = characters.filter { $0.y / SVGImage.cellHeight == row }.sorted { $0.x < $1.x }
            for character in onRow {
                guard character.x % SVGImage.cellWidth == 0, character.x / SVGImage.cellWidth >= column else {
                    throw HarnessError("row \(row + 1): '\(character.text)' at x \(character.x) is off the grid")
                }
                line += String(repeating: " ", count: character.x / SVGImage.cellWidth - column)
                line += character.text
                column = character.x / SVGImage.cellWidth + TextWidth.of(character.text)
            }
            rows.append(trimmed(line))
        }
        return rows
    }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        switch name {
        case "svg":
            width = Int(attributes["width"] ?? "") ?? 0
            height = Int(attributes["height"] ?? "") ?? 0
        case "text": textY = Int(attributes["y"] ?? "")
        case "tspan": spanX = Int(attributes["x"] ?? "")
        default: break
        }
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        if name == "text" { textY = nil }
        if name == "tspan" { spanX = nil }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        guard let textY, let spanX else {
            if !string.allSatisfy(\.isWhitespace) { problem = "text outside a <tspan x> in a <text y>: '\(string)'" }
            return
        }
        // The parser may hand one tspan's text over in pieces (an entity, a long character).
        if let last = characters.last, last.x == spanX, last.y == textY {
            characters[characters.count - 1].text += string
        } else {
            characters.append((spanX, textY, string))
        }
    }
}
