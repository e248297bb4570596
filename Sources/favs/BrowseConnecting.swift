import ArgumentParser
import FavsConfig
import FavsCore
import FavsLibrary
import FavsTerminal
import Foundation

extension Browse {
    /// The browser on a team library, whose server may take seconds to answer, or never (a partition): the screen
    /// says where favs connects from the start while the library opens on a thread of its own, and a quit key or
    /// ctrl-c leaves meanwhile (exit 0, as both do in the browser). A library that cannot be opened is said as
    /// before, once the terminal is restored (69 for a server that cannot be reached). It showed nothing until the
    /// connection was made or given up (5 s), and keys waited until then.
    func browseWhileConnecting(to location: LibraryLocation, config: Config, configError: ConfigError?,
                               glyphs: Glyphs) throws -> Never {
        let opening = InBackground {
            BrowserSession.overLibrary(try browser(on: openLibrary(location, seedIfNew: true), width: 80, height: 24,
                                                   preview: true, config: config, interactive: true))
        }
        var session: BrowserSession?
        let end: TerminalApp.OpeningEnd
        do {
            end = try TerminalApp.run(
                opening: OpeningScreen(location: location.display, keyMap: config.keyMap, glyphs: glyphs),
                take: {
                    opening.take()?.map { opened in
                        session = opened
                        opened.browser.glyphs = glyphs
                        opened.usePreviews(previewOptions.settings(config: config))
                        if let configError { opened.browser.show(configError) }
                        return TerminalApp.Program(opened.browser, pollInterval: opened.pollInterval, wake: opened.wake,
                                                   afterFirstFrame: opened.loadTheRest, poll: opened.poll)
                    }
                },
                wantsColor: display.wantsColor(config: config.color), palette: config.palette,
                mouse: !noMouse && config.mouse, height: inline.height)
        } catch let error as TerminalError {
            throw failure(error.description, .noTerminal)
        }
        switch end {
        case .gaveUp:
            // The library may still be opening on its thread, in dlopen or libpq: exit's handlers (the loader's
            // destructors, OpenSSL's cleanup) must not run beside it. Nothing was written: nothing to flush but stdio.
            fflush(nil)
            _exit(EXIT_SUCCESS)
        case let .failed(error): throw failure(opening: error)
        case .ran:
            try session?.finishWrites()
            exitWithoutTearDown()
        }
    }
}
