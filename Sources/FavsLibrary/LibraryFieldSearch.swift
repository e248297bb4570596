import FavsModel
import Foundation

/// The store's `FieldSearch` over a library: a browser's field terms answered on a thread of their own, with a
/// connection of their own (`ItemLibrary.reopenedForSearch`), so neither the keys nor the input thread's writes
/// wait on an answer; or at once, on the library itself, for a script or a command (and a library no other
/// connection can see, `:memory:`).
///
/// Only the latest request is worth answering: one that comes while another is answered waits, is replaced by any
/// that comes after it, and stops the one being answered (a short term read row by row takes seconds on a
/// large library: typing `artist:ri` on the way to `artist:river` must not hold up its answer).
///
/// The fields an import left out of the library's index (`ItemLibrary.indexFields(rows:)`, 18.5 s for 886k package
/// rows) never hold an answer up: a term is answered at once, over the index for the rows it holds and row by row
/// for the others (their stored text tested before their pairs are parsed), the same rows either way. A browser
/// builds the rest of the index in the background from the moment it opens, on the search's thread and a writable
/// connection of its own, a slice at a time between requests, so other writers wait no longer than a slice and a
/// request no longer than the slice being written. A command or a script answers and leaves the index as it is. A
/// browser opened on a preview starts indexing once its whole list is in (`startIndexing`), so that the index does not
/// take the cores from the list's read, nor from a search typed at launch.
public final class LibraryFieldSearch: FieldSearch, @unchecked Sendable {
    // `@unchecked Sendable`: `waiting`, `answers`, `working`, `stopped` and `stop` are touched only under `lock`;
    // `library` (the synchronous one) only on the input thread; `searcher` only on `queue`, one job at a time;
    // `indexer` and `indexWhole` only on `queue` too.
    private let library: (any ItemLibrary)?
    private let reopen: (@Sendable () throws -> any ItemLibrary)?
    private let reopenForIndexing: (@Sendable () throws -> any ItemLibrary)?
    private var indexer: (any ItemLibrary)?
    private var indexWhole = false
    /// Whether the fields an import left out may be indexed now (`startIndexing`); touched under `lock`.
    private var mayIndex: Bool
    /// Rows a slice of the index takes: what other writers may wait for (about 0.3 s on package-shaped rows; a
    /// tenth of it took twice as long in all, each slice's segment written and merged).
    public static let indexSlice = 50_000
    private let queue = DispatchQueue(label: "favs.field-search")
    private let lock = NSLock()
    private var waiting: (groups: [[FieldTerm]], ticket: Int)?
    private var answers: [FieldAnswer] = []
    private var working = false
    /// Whether the request being answered was stopped, and how to stop it (the searching connection's).
    private var stopped = false
    private var stop: (@Sendable () -> Void)?
    private var searcher: Result<any ItemLibrary, FieldReadError>?

    /// `inBackground`: answer on a thread of its own (a browser), when the library can be opened again.
    /// `indexesNow`: start indexing what an import left out at once (else at `startIndexing`).
    public init(_ library: any ItemLibrary, inBackground: Bool, indexesNow: Bool = true) {
        if inBackground, let reopen = library.reopenedForSearch() {
            self.library = nil
            self.reopen = reopen
        } else {
            self.library = library
            reopen = nil
        }
        reopenForIndexing = inBackground && reopen != nil ? library.reopenedForIndexing() : nil
        mayIndex = indexesNow
        if reopenForIndexing != nil, indexesNow {
            working = true
            queue.async { self.work() }
        }
    }

    /// Indexes what an import left out of the field index from now on, between requests, as `init` does with
    /// `indexesNow` (a browser on a preview calls it once its whole list is in); nothing when there is none to index.
    public func startIndexing() {
        guard reopenForIndexing != nil else { return }
        let start = lock.withLock { () -> Bool in
            guard !mayIndex else { return false }
            mayIndex = true
            defer { working = true }
            return !working
        }
        if start { queue.async { self.work() } }
    }

    public func request(_ groups: [[FieldTerm]], ticket: Int) {
        if let library {
            let answer = Self.answer(groups, on: library)
            lock.withLock { answers.append(FieldAnswer(ticket: ticket, result: answer)) }
            return
        }
        let start = lock.withLock { () -> Bool in
            waiting = (groups, ticket)
            defer { working = true }
            guard working else { return true }
            // Under the lock, so the stop can only reach the request being answered, never the next one (which
            // begins when the worker takes the lock again).
            stopped = true
            stop?()
            return false
        }
        if start { queue.async { self.work() } }
    }

    public func takeAnswers() -> [FieldAnswer] {
        lock.withLock {
            defer { answers.removeAll() }
            return answers
        }
    }

    /// Answers the waiting request, then any that came meanwhile, on `queue`; once none waits, indexes what an import
    /// left out of the field index, a slice at a time, looking for a request between slices.
    private func work() {
        while true {
            let request = lock.withLock { () -> (groups: [[FieldTerm]], ticket: Int)? in
                defer { waiting = nil }
                stopped = false
                return waiting
            }
            guard let next = request else {
                if indexSlice() { continue }
                let mayIndexMore = !indexWhole && reopenForIndexing != nil
                if lock.withLock({ () -> Bool in
                    // Indexing allowed since `indexSlice` looked (`startIndexing` saw this worker and left it the work).
                    if waiting != nil || (mayIndex && mayIndexMore) { return false }
                    working = false
                    return true
                }) { return }
                continue
            }
            let answer: Result<FieldMatches, FieldReadError>
            switch connection() {
            case let .success(library): answer = Self.answer(next.groups, on: library)
            case let .failure(error): answer = .failure(error)
            }
            lock.withLock {
                // A newer request waits: this answer is worthless. Stopped with none waiting (the stop came as this
                // one began, meant for the one before): asked again. Otherwise, the answer.
                if waiting != nil { return }
                if stopped, case .failure = answer {
                    waiting = next
                    return
                }
                answers.append(FieldAnswer(ticket: next.ticket, result: answer))
            }
        }
    }

    /// Indexes one slice of the fields an import left out; false when none is left (or they cannot be indexed
    /// from here, the file not writable, say: the rows left out are then read one by one).
    private func indexSlice() -> Bool {
        guard !indexWhole, let reopenForIndexing, lock.withLock({ mayIndex }) else { return false }
        do {
            let library = try indexer ?? reopenForIndexing()
            indexer = library
            indexWhole = try library.indexFields(rows: Self.indexSlice)
        } catch {
            indexWhole = true
        }
        if indexWhole { indexer = nil }
        return !indexWhole
    }

    /// The searching connection, opened the first time (a failure to open is kept: it is said once per request).
    private func connection() -> Result<any ItemLibrary, FieldReadError> {
        if let searcher, case .success = searcher { return searcher }
        guard let reopen else { return .failure(FieldReadError("no library to search")) }
        do {
            let opened = try reopen()
            searcher = .success(opened)
            let interrupter = opened.interrupter()
            lock.withLock { stop = interrupter }
            return .success(opened)
        } catch {
            return .failure(FieldReadError(Store.describe(error)))
        }
    }

    private static func answer(_ groups: [[FieldTerm]], on library: any ItemLibrary) -> Result<FieldMatches, FieldReadError> {
        do {
            return .success(try library.fieldMatches(groups))
        } catch {
            return .failure(FieldReadError(Store.describe(error)))
        }
    }
}
