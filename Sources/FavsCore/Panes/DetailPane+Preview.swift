import FavsModel
import Foundation

/// The preview part of the detail pane: the subject's output, or a line saying it is on its way. Lines are not
/// wrapped (as in fzf): a line wider than the pane is cut, so columns a command lines up stay lined up.
extension DetailPane {
    static func previewLines(_ preview: PreviewSection, title: String) -> [Line] {
        guard case let .output(result) = preview.display else {
            return [Line(text: "preview of \(Sanitize.visible(title))…", style: .dim)]
        }
        var lines = PreviewText.lines(result.stdout).map { Line(text: $0) }
        let said: String?
        switch result.ending {
        case .exited(0): said = nil
        case let .exited(status):
            lines += PreviewText.lines(result.stderr).map { Line(text: $0, style: .dim) }
            said = "preview exited with status \(status)"
        case let .signalled(signal): said = "preview ended by signal \(signal)"
        case .timedOut: said = "preview stopped after \(seconds(preview.timeout))"
        case let .failed(why): said = "preview not run: \(why)"
        }
        if let said { lines.append(Line(text: Sanitize.visible(said), style: .dim)) }
        return lines
    }

    /// The preview in a pane of its own (`--preview-window right` or `bottom`): the output alone, from its top, in a
    /// box titled Preview.
    static func drawPreview(_ preview: PreviewSection?, title: String, width: Int, height: Int, glyphs: Glyphs) -> Canvas {
        var canvas = Canvas(width: width, height: height, glyphs: glyphs)
        canvas.box(Rect(x: 0, y: 0, width: width, height: height), title: "Preview", focused: false)
        let lines = preview.map { previewLines($0, title: title) } ?? []
        for (index, line) in lines.prefix(max(0, height - 2)).enumerated() {
            canvas.put(line.text, row: index + 1, column: 2, limit: width - 4, style: line.style)
        }
        return canvas
    }

    /// `5 s`, `1.5 s`, `200 ms`.
    static func seconds(_ duration: Duration) -> String {
        let (whole, fraction) = duration.components
        let milliseconds = whole * 1000 + fraction / 1_000_000_000_000_000
        if milliseconds < 1000 { return "\(milliseconds) ms" }
        if milliseconds % 1000 == 0 { return "\(milliseconds / 1000) s" }
        return "\(Double(milliseconds) / 1000) s"
    }
}
