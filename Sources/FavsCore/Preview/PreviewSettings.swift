import FavsModel
import Foundation

/// How previews run: the command, its timeout, whether outputs are kept per item, and how long the selection must
/// stay on an item before its preview starts.
public struct PreviewSettings: Equatable, Sendable {
    public var command: PreviewCommand
    public var timeout: Duration
    /// Keep each item's output while favs runs (until the item changes); false runs it again at every visit.
    public var caches: Bool
    /// How long the selection stays put before a preview starts: holding j starts a handful, not hundreds.
    /// Zero starts at once (scripted mode, whose runner finishes before it returns).
    public var debounce: Duration
    /// Show the output alone in the detail pane, without the item's title and id: a `--stdin` line's id and title
    /// are the line itself, already on the list.
    public var alone: Bool
    /// Where the output shows (`--preview-window`): the detail pane by default.
    public var window: PreviewWindow

    public static let defaultTimeout = Duration.seconds(5)
    /// Over a held key's repeat interval at 25 keys a second (X's default, 40 ms) and at 30 (33 ms), with 10 ms for
    /// a key that comes late on a busy machine: a held key's moves are a burst. Any longer only delays the preview
    /// where the selection settles; any shorter, and a held key starts a preview at more of its repeats (at every
    /// one, under 33 ms, as fzf does).
    public static let defaultDebounce = Duration.milliseconds(50)

    public init(command: PreviewCommand, timeout: Duration = defaultTimeout, caches: Bool = true,
                debounce: Duration = defaultDebounce, alone: Bool = false, window: PreviewWindow = .default) {
        (self.command, self.timeout, self.caches, self.debounce, self.alone) = (command, timeout, caches, debounce, alone)
        self.window = window
    }
}
