// In-process benchmarks of the browser core: a key, then the frame it leads to, on stores of 1k, 100k and 1M
// generated items (titles as favs-gen writes them), and for the tag rows the same items with a tenth of them tagged
// (`GeneratedTags`, as `favs-gen --tags` writes them); the picked rows with every 100th item picked. The store is
// built in each benchmark's setup, outside the measurement; there is no change sink (nothing is persisted), so these
// are the core's own costs.
//
//   swift package --package-path Benchmarks benchmark [--filter REGEX] [--format markdown] [--no-progress]
//
// FAVS_BENCH_SIZES=1000,20000 (comma-separated) overrides the sizes, for a quick run.
import Benchmark
import FavsCore
import FavsGenerator
import FavsModel
import Foundation

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal], timeUnits: .microseconds, warmupIterations: 3,
        maxDuration: .seconds(2), maxIterations: 10_000)

    // Each sample of the filter benchmarks scans every title once (measured or not): few samples at 1M.
    let filterConfiguration = Benchmark.Configuration(warmupIterations: 1, maxDuration: .seconds(10), maxIterations: 200)

    for n in Fixture.sizes {
        let label = Fixture.label(n)

        // f on the first row, then the frame. Alternates favorite / unfavorite.
        Benchmark("toggle favorite → frame, \(label)", closure: { benchmark in
            let browser = Fixture.browser!
            benchmark.startMeasurement()
            browser.handle(.char("f"))
            blackHole(browser.frame())
            benchmark.stopMeasurement()
        }, setup: { Fixture.open(n) }, teardown: { Fixture.close() })

        // d on the first row (the item at the front of the list: the most rows move), frame, u, frame.
        Benchmark("delete + undo → frames, \(label)", closure: { benchmark in
            let browser = Fixture.browser!
            benchmark.startMeasurement()
            browser.handle(.char("d"))
            blackHole(browser.frame())
            browser.handle(.char("u"))
            blackHole(browser.frame())
            benchmark.stopMeasurement()
        }, setup: { Fixture.open(n) }, teardown: { Fixture.close() })

        // In the filter prompt with an empty query, type one character: every title is searched.
        Benchmark("filter keystroke, 1st char (scan all) → frame, \(label)", configuration: filterConfiguration,
                  closure: { benchmark in
            let browser = Fixture.browser!
            browser.handle(.backspace)  // back to the empty query: cheap, not measured
            blackHole(browser.frame())
            benchmark.startMeasurement()
            browser.handle(.char("r"))
            blackHole(browser.frame())
            benchmark.stopMeasurement()
        }, setup: { Fixture.open(n); Fixture.browser!.handle(.char("/")) }, teardown: { Fixture.close() })

        // In the filter prompt showing "r", type "a": the most matches narrowed (every title with an r, ranked).
        Benchmark("filter keystroke, 2nd char (narrow the most) → frame, \(label)", configuration: filterConfiguration,
                  closure: { benchmark in
            let browser = Fixture.browser!
            browser.handle(.backspace)  // not measured: back to "r"
            blackHole(browser.frame())
            benchmark.startMeasurement()
            browser.handle(.char("a"))
            blackHole(browser.frame())
            benchmark.stopMeasurement()
        }, setup: { Fixture.open(n); for c in "/ra" { Fixture.browser!.handle(.char(c)) } },
           teardown: { Fixture.close() })

        // In the filter prompt showing "rai", type "n": the previous matches are narrowed.
        Benchmark("filter keystroke, 4th char (narrow) → frame, \(label)", configuration: filterConfiguration,
                  closure: { benchmark in
            let browser = Fixture.browser!
            for _ in 0..<3 { browser.handle(.backspace) }  // not measured: back to "r", then "rai" again
            for c in "ai" { browser.handle(.char(c)) }
            blackHole(browser.frame())
            benchmark.startMeasurement()
            browser.handle(.char("n"))
            blackHole(browser.frame())
            benchmark.stopMeasurement()
        }, setup: { Fixture.open(n); for c in "/rain" { Fixture.browser!.handle(.char(c)) } },
           teardown: { Fixture.close() })

        // Each pane drawn from the store (what every frame does for every visible pane).
        for pane in Focus.allCases {
            Benchmark("redraw \(pane) pane, \(label)", closure: { benchmark in
                let browser = Fixture.browser!
                benchmark.startMeasurement()
                blackHole(browser.redraw(pane))
                benchmark.stopMeasurement()
            }, setup: { Fixture.open(n) }, teardown: { Fixture.close() })
        }

        // s on a freshly opened list: the first switch to title A–Z makes every title's sort key, then sorts.
        Benchmark("sort switch to title A–Z, first (keys + sort) → frame, \(label)",
                  configuration: Benchmark.Configuration(warmupIterations: 0, maxIterations: n >= 1_000_000 ? 5 : 20),
                  closure: { benchmark in
            Fixture.open(n)  // not measured: a list that has never been sorted
            let browser = Fixture.browser!
            benchmark.startMeasurement()
            browser.handle(.char("s"))
            blackHole(browser.frame())
            benchmark.stopMeasurement()
        }, teardown: { Fixture.close() })

        // s again and again: library order → title A–Z → recently favorited → library order, each a switch.
        Benchmark("sort switch (cycling s) → frame, \(label)", configuration: filterConfiguration,
                  closure: { benchmark in
            let browser = Fixture.browser!
            benchmark.startMeasurement()
            browser.handle(.char("s"))
            blackHole(browser.frame())
            benchmark.stopMeasurement()
        }, setup: { Fixture.open(n) }, teardown: { Fixture.close() })

        // f on the first row with the list sorted by title: the row found by the order's binary search.
        Benchmark("toggle favorite in title order → frame, \(label)", closure: { benchmark in
            let browser = Fixture.browser!
            benchmark.startMeasurement()
            browser.handle(.char("f"))
            blackHole(browser.frame())
            benchmark.stopMeasurement()
        }, setup: { Fixture.open(n); Fixture.browser!.handle(.char("s")) }, teardown: { Fixture.close() })

        // Tags (issue #34): each on a collection where a tenth of the items carry 1–3 of 1,000 tags nested up to 3
        // levels (`GeneratedTags`), and, as its reference, the same benchmark on the same items without tags.
        for tagged in [false, true] {
            let name = tagged ? "\(label) tagged" : label

            // A tag or an untag of the first row (one changeMembers, as the t prompt sends), then the frame. The
            // tag is the most used one nested 3 deep: its folders are among the largest.
            Benchmark("tag toggle → frame, \(name)", closure: { benchmark in
                let browser = Fixture.browser!
                let id = browser.selectedID!
                let tag = SetID.tag(Fixture.tag)
                let joined = browser.store.items.isMember(id, of: tag)
                benchmark.startMeasurement()
                browser.send(.changeMembers([id], join: joined ? [] : [tag], leave: joined ? [tag] : []))
                blackHole(browser.frame())
                benchmark.stopMeasurement()
            }, setup: { Fixture.open(n, tagged: tagged) }, teardown: { Fixture.close() })

            // 1,000 marked items spread over the list (every n/1000-th) tagged in one changeMembers, then the
            // frame; the next sample untags them.
            Benchmark("tag 1,000 marked items → frame, \(name)", configuration: filterConfiguration,
                      closure: { benchmark in
                let browser = Fixture.browser!
                let ids = Fixture.marked
                let tag = SetID.tag(Fixture.tag)
                let joined = ids.allSatisfy { browser.store.items.isMember($0, of: tag) }
                benchmark.startMeasurement()
                browser.send(.changeMembers(ids, join: joined ? [] : [tag], leave: joined ? [tag] : []))
                blackHole(browser.frame())
                benchmark.stopMeasurement()
            }, setup: { Fixture.open(n, tagged: tagged) }, teardown: { Fixture.close() })

            // The list scoped to the largest top-level tag folder (every item under it, once), then the frame;
            // back to every item before each sample, not measured.
            Benchmark("scope to a tag folder → frame, \(name)", configuration: filterConfiguration,
                      closure: { benchmark in
                let browser = Fixture.browser!
                browser.send(.show(ListQuery()))
                blackHole(browser.frame())
                benchmark.startMeasurement()
                browser.send(.show(ListQuery(scope: .members(.tagFolder(Fixture.folder)))))
                blackHole(browser.frame())
                benchmark.stopMeasurement()
            }, setup: { Fixture.open(n, tagged: tagged) }, teardown: { Fixture.close() })
        }

        // f on a tagged collection: the favorite toggle row's twin, to show the tags cost it nothing.
        Benchmark("toggle favorite → frame, \(label) tagged", closure: { benchmark in
            let browser = Fixture.browser!
            benchmark.startMeasurement()
            browser.handle(.char("f"))
            blackHole(browser.frame())
            benchmark.stopMeasurement()
        }, setup: { Fixture.open(n, tagged: true) }, teardown: { Fixture.close() })

        // The model's part of opening a tagged library: every tag's members added, set by set, in position order
        // (as ListLoader.withSets does), the folders made from them. The rows of the library are not read here.
        Benchmark("load every tag's members, \(label) tagged",
                  configuration: Benchmark.Configuration(warmupIterations: 1, maxIterations: n >= 1_000_000 ? 10 : 50),
                  closure: { benchmark in
            var collection = Fixture.untagged!
            let members = Fixture.members
            benchmark.startMeasurement()
            Fixture.addTags(members, to: &collection)
            benchmark.stopMeasurement()
            blackHole(collection)
        }, setup: { Fixture.open(n, tagged: false); Fixture.members = GeneratedTags.members(count: n) },
           teardown: { Fixture.close() })

        // The same keys with every 100th item picked (10k at 1M: the collections pane's `↻ Frequent` counts them and
        // lists the ten most picked): f, then d on a picked item and u, each with its frame.
        Benchmark("toggle favorite → frame, \(label) picked", closure: { benchmark in
            let browser = Fixture.browser!
            benchmark.startMeasurement()
            browser.handle(.char("f"))
            blackHole(browser.frame())
            benchmark.stopMeasurement()
        }, setup: { Fixture.open(n, picked: true) }, teardown: { Fixture.close() })

        Benchmark("delete + undo → frames, \(label) picked", closure: { benchmark in
            let browser = Fixture.browser!
            benchmark.startMeasurement()
            browser.handle(.char("d"))
            blackHole(browser.frame())
            browser.handle(.char("u"))
            blackHole(browser.frame())
            benchmark.stopMeasurement()
        }, setup: { Fixture.open(n, picked: true) }, teardown: { Fixture.close() })

        // j, then the frame (the list scrolls as the cursor moves down).
        Benchmark("frame redraw after j, \(label)", closure: { benchmark in
            let browser = Fixture.browser!
            benchmark.startMeasurement()
            browser.handle(.char("j"))
            blackHole(browser.frame())
            benchmark.stopMeasurement()
        }, setup: { Fixture.open(n) }, teardown: { Fixture.close() })
    }
}

/// The store and browser of the benchmark running now (benchmarks run one at a time).
enum Fixture {
    nonisolated(unsafe) static var browser: Browser?

    static var sizes: [Int] {
        let text = ProcessInfo.processInfo.environment["FAVS_BENCH_SIZES"] ?? "1000,100000,1000000"
        return text.split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
    }

    static func label(_ n: Int) -> String {
        if n >= 1_000_000, n % 1_000_000 == 0 { return "\(n / 1_000_000)M" }
        if n >= 1000, n % 1000 == 0 { return "\(n / 1000)k" }
        return "\(n)"
    }

    /// The collection `open` made before any tag (for the tag-loading benchmark).
    nonisolated(unsafe) static var untagged: ItemCollection?
    /// Every tag's members, as `GeneratedTags.members` gives them.
    nonisolated(unsafe) static var members: [(tag: String, positions: [Int])] = []
    /// The ids the tagging of marked items marks: every n/1000-th item, 1,000 of them (all of a smaller list).
    nonisolated(unsafe) static var marked: [ItemID] = []
    /// The tag those benchmarks change: the most used one nested 3 deep.
    static let tag = GeneratedTags.mostUsed(depth: 3)
    /// The top-level tag folder the most items are under, at the size opened last (the same with tags or without).
    nonisolated(unsafe) static var folder = ""

    /// `tagged`: a tenth of the items carry 1–3 of 1,000 tags (`GeneratedTags`), loaded as a library loads them.
    /// `picked`: every 100th item from the first was picked 1–5 times (the first row among them), scored when made.
    static func open(_ n: Int, tagged: Bool = false, picked: Bool = false) {
        var collection = ItemCollection(GeneratedCollection.items(count: n))
        untagged = collection
        let members = GeneratedTags.members(count: n)
        if tagged { addTags(members, to: &collection) }
        if picked {
            let picks = stride(from: 0, to: n, by: 100).compactMap { row in
                collection.id(atRow: row).map { ($0, Array(repeating: Pick(at: 0), count: 1 + row / 100 % 5)) }
            }
            collection.setPicks(Dictionary(uniqueKeysWithValues: picks), frecency: Frecency(), at: 0)
        }
        folder = largestFolder(members)
        let step = max(1, n / 1000)
        marked = stride(from: 0, to: n, by: step).prefix(1000).compactMap(collection.id(atRow:))
        let store = Store(collection: collection, fieldSource: ConstantFields())
        let browser = Browser(store: store, libraryName: "bench", width: 80, height: 24)
        blackHole(browser.frame())
        Self.browser = browser
    }

    /// Adds every tag's members to a collection, one tag at a time (as `ListLoader.withSets` does).
    static func addTags(_ members: [(tag: String, positions: [Int])], to collection: inout ItemCollection) {
        for (tag, positions) in members {
            collection.addMembers(atPositions: positions.map { (position: $0, time: nil) }, to: .tag(tag))
        }
    }

    /// The top-level folder with the most items under it.
    static func largestFolder(_ members: [(tag: String, positions: [Int])]) -> String {
        var under: [String: Set<Int>] = [:]
        for (tag, positions) in members {
            under[String(tag.prefix { $0 != "/" }), default: []].formUnion(positions)
        }
        return under.max { ($0.value.count, $1.key) < ($1.value.count, $0.key) }?.key ?? "dev"
    }

    static func close() {
        browser = nil
        untagged = nil
        members = []
    }
}

/// Fields for the detail pane, as the library's field source would read them.
final class ConstantFields: FieldSource {
    func fields(of id: ItemID) throws -> [Field] {
        [Field("artist", "Neon River"), Field("album", "Echo Café"), Field("year", "1987"),
         Field("genre", "J-pop"), Field("length", "3:07")]
    }
}
