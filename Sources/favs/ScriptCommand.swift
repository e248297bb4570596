import ArgumentParser
import FavsConfig
import FavsCore
import FavsExitStatus
import FavsLibrary
import FavsModel
import FavsTerminal
import Foundation

/// `favs script [FILE]`: runs keys headless and prints the screens as text.
struct Script: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "script",
        abstract: "Run a script of key steps without a terminal and print the screens as text.",
        discussion: "Steps: " + ScriptVocabulary.rows.map { $0.usage.replacingOccurrences(of: "`", with: "") }
            .joined(separator: "; ") + ". See docs/script.md (and SCRIPT STEPS in the manual).\n\n"
            + ExitStatus.sentence(exitStatuses))

    static let exitStatuses: [ExitStatus] = [.success, .badScript, .usage] + ExitStatus.libraryOpen
        + [.cannotReadInput, .cannotWriteFile, .cannotWriteOutput]

    @Argument(help: "The script file (default: stdin).")
    var file: String?

    @OptionGroup var library: LibraryOption

    @Option(help: ArgumentHelp("The screen size.", valueName: "COLSxROWS"))
    var size = "80x24"

    @OptionGroup var glyphs: ScriptGlyphOption
    @OptionGroup var previewOptions: PreviewOptions

    @Option(help: ArgumentHelp("Also write the last frame as an SVG picture, in the theme's colours.",
                               valueName: "file"))
    var svg: String?

    @Option(help: ArgumentHelp("Also write the session as an asciicast v2 recording (asciinema play FILE): what the "
                               + "browser writes to an xterm-256color terminal, one event per step.",
                               valueName: "file"))
    var cast: String?

    func validate() throws {
        guard ScriptParser.parseSize(size) != nil else {
            throw ValidationError("--size must be COLSxROWS, e.g. 80x24 (got '\(size)')")
        }
    }

    func run() throws {
        let (config, configError) = StartupConfig.load()
        let location = try library.location(config: config)
        let text: String
        if let file {
            guard let data = FileManager.default.contents(atPath: file) else {
                throw failure("\(file): cannot read", .cannotReadInput)
            }
            text = String(decoding: data, as: UTF8.self)
        } else {
            text = readStandardInput()
        }
        try ScriptCommand.runScript(text: text, source: file ?? "script", location: location, size: size,
                                    glyphs: glyphs.glyphs, config: config, configError: configError, svg: svg, cast: cast,
                                    preview: previewOptions.settings(config: config, synchronous: true))
    }
}

enum ScriptCommand {
    /// Parses the whole script first (a bad step changes nothing), then runs it and prints the frames.
    /// A bad config file is reported on stderr and on the first frame's status line; the script runs on the
    /// defaults. With `svg`, the last frame is also written there as a picture (the config's palette applies);
    /// with `cast`, the whole session as a recording (docs/script.md). `preview`: each preview runs to its end
    /// as the selection comes to it, so a frame shows its output (a frame is a function of the keys and the library).
    static func runScript(text: String, source: String, location: LibraryLocation, size: String, glyphs: Glyphs,
                          config: Config, configError: ConfigError?, svg: String? = nil, cast: String? = nil,
                          preview: PreviewSettings? = nil) throws {
        let steps: [ScriptStep]
        do {
            let parsed = try ScriptParser.parse(text, source: source)
            if cast != nil { try CastRecording.checkRecordable(parsed, source: source) }
            steps = parsed.map(\.step)
        } catch {
            throw failure(String(describing: error), .badScript)
        }
        let (width, height) = ScriptParser.parseSize(size) ?? (80, 24)
        if let configError { StartupConfig.report(configError) }
        let browser = try openBrowser(at: location, width: width, height: height, config: config).browser
        browser.glyphs = config.ascii ? .ascii : glyphs  // the config's ascii = true, as --ascii
        if let preview { browser.usePreviews(preview, runner: PreviewProcesses(synchronous: true)) }
        if let configError { browser.show(configError) }
        let recording: CastRecording?
        do {
            recording = try cast.map { try CastRecording(path: $0, width: width, height: height, palette: config.palette) }
        } catch {
            throw failure(String(describing: error), .badScript)
        }
        // `o` runs the opener here too (stdin and stdout are the script's): what a test checks it with.
        try ScriptRunner.run(steps, on: browser, effects: { effect in
            recording?.apply(effect)
            guard case let .open(value) = effect else { return }
            do { try Opener.open(value, keepingStdout: true) } catch { browser.show(error: String(describing: error)) }
        }, paced: recording.map { recording in { recording.record(browser, at: $0) } }) { frame in
            try StandardOutput.write(frame)
        }
        try recording?.finish()
        if let svg {
            // The browser holds the last frame's state: a script ends on it, whether printed by `frame` or not.
            let picture = SVGImage.render(browser.frame(), palette: config.palette)
            do {
                try OutputFile.write(Data(picture.utf8), to: svg)
            } catch {
                throw failure("cannot write \(svg): \(error.reason)", .cannotWriteFile)
            }
        }
        exitWithoutTearDown()
    }
}
