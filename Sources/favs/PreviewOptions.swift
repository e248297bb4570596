import ArgumentParser
import FavsConfig
import FavsCore
import FavsTerminal

/// `--preview CMD` and its companions, for the browser, the picker and scripted mode.
struct PreviewOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "Show the output of a shell command for the selected item in the detail pane.",
        discussion: """
            Run as /bin/sh -c CMD, in a process group of its own, once the selection has stayed on an item for \
            50 ms; moving on stops it. {} is the item's id (the line, for pick --stdin), {title} its title, \
            {field:NAME} the value of its field NAME (empty when it has none); each is put in single quotes, so an \
            item's text is never read as shell syntax. Colours are left out and other escapes shown as symbols. \
            A config file's preview = "CMD" is used when this is not given.
            """,
        valueName: "cmd"))
    var preview: String?

    @Option(name: .customLong("preview-window"), help: ArgumentHelp(
        "Where the preview shows: detail (the default: below the fields), right[:SIZE], bottom[:SIZE], hidden.",
        discussion: """
            right and bottom give it a pane of its own, SIZE columns or rows (a count, or a percent of the screen; \
            50% when not given), the rest laid out in what is left; hidden shows none until the toggle-preview key \
            (p; ctrl-v in pick), and runs none meanwhile. :hidden after a place starts it hidden (right:40%:hidden). \
            A config file's preview_window = "…" is used when this is not given.
            """,
        valueName: "place"))
    var previewWindow: String?

    @Option(name: .customLong("preview-timeout"), help: ArgumentHelp(
        "Stop a preview still running after this many seconds.", valueName: "seconds"))
    var previewTimeout: Double = 5

    @Flag(name: .customLong("no-preview-cache"),
          help: "Run the preview again at every visit to an item, instead of keeping its output while favs runs.")
    var noPreviewCache = false

    func validate() throws {
        guard previewTimeout > 0, previewTimeout <= 86_400 else {
            throw ValidationError("--preview-timeout must be more than 0 seconds, at most 86400 (got \(previewTimeout))")
        }
        if let previewWindow, case let .failure(error) = PreviewWindow.parse(previewWindow) {
            throw ValidationError("--preview-window: \(error)")
        }
        if let preview, preview.utf8.contains(0) { throw ValidationError("--preview: the command holds a NUL byte") }
    }

    /// The window in force: this option's, else the config file's.
    private func window(config: Config) -> PreviewWindow {
        guard let previewWindow, case let .success(window) = PreviewWindow.parse(previewWindow) else { return config.previewWindow }
        return window
    }

    /// The settings in force: this option's command, else the config file's; nil for neither. `alone` for a
    /// picker over lines; `synchronous` for scripted mode, which runs each preview at once, to its end.
    func settings(config: Config, alone: Bool = false, synchronous: Bool = false) -> PreviewSettings? {
        guard let command = preview ?? config.preview, !command.isEmpty else { return nil }
        return PreviewSettings(command: PreviewCommand(command), timeout: .milliseconds(Int(previewTimeout * 1000)),
                               caches: !noPreviewCache, debounce: synchronous ? .zero : PreviewSettings.defaultDebounce,
                               alone: alone, window: window(config: config))
    }
}
