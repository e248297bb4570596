// In-process benchmarks of the browser core: a key, then the frame it leads to, on stores of 1k, 100k and 1M
// generated items (titles as favs-gen writes them). The store is built in each benchmark's setup, outside the
// measurement; there is no change sink (nothing is persisted), so these are the core's own costs.
//
//   swift package --package-path Benchmarks benchmark [--filter REGEX] [--format markdown] [--no-progress]
//
// FAVS_BENCH_SIZES=1000,20000 (comma-separated) overrides the sizes, for a quick run.
import Benchmark
import FavsCore
import Foundation

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal], timeUnits: .microseconds, warmupIterations: 3,
        maxDuration: .seconds(2), maxIterations: 10_000)

    // Each sample of the filter benchmarks scans every title once (measured or not): few samples at 1M.
    let filterConfiguration = Benchmark.Configuration(warmupIterations: 1, maxIterations: 200)

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

        // In the filter prompt showing "rai", type "n": the previous matches are narrowed.
        Benchmark("filter keystroke, 4th char (narrow) → frame, \(label)", configuration: filterConfiguration,
                  closure: { benchmark in
            let browser = Fixture.browser!
            for _ in 0..<3 { browser.handle(.backspace) }  // not measured: retype "rai"
            for c in "rai" { browser.handle(.char(c)) }
            blackHole(browser.frame())
            benchmark.startMeasurement()
            browser.handle(.char("n"))
            blackHole(browser.frame())
            benchmark.stopMeasurement()
        }, setup: { Fixture.open(n); for c in "/rain" { Fixture.browser!.handle(.char(c)) } },
           teardown: { Fixture.close() })

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

    static func open(_ n: Int) {
        let store = Store(items: GeneratedItems.make(n), fieldSource: ConstantFields())
        let browser = Browser(store: store, libraryName: "bench", width: 80, height: 24)
        blackHole(browser.frame())
        Self.browser = browser
    }

    static func close() { browser = nil }
}

/// Fields for the detail pane, as the library's field source would read them.
final class ConstantFields: FieldSource {
    func fields(of id: ItemID) throws -> [Field] {
        [Field("artist", "Neon River"), Field("album", "Echo Café"), Field("year", "1987"),
         Field("genre", "J-pop"), Field("length", "3:07")]
    }
}

/// Items with the ids and titles favs-gen writes for the same seed (the other columns are drawn but unused).
enum GeneratedItems {
    static func make(_ n: Int, seed: UInt64 = 42) -> [Item] {
        var rng = SplitMix64(state: seed)
        var items: [Item] = []
        items.reserveCapacity(n)
        for position in 0..<n {
            let (id, title) = row(&rng)
            items.append(Item(id: ItemID(id), title: title, position: position))
        }
        return items
    }

    static let latin = ["Midnight", "Sunset", "Rain", "Ocean", "City", "Dream", "Velvet", "Golden", "Silent",
                        "Electric", "Paper", "Winter", "Summer", "Neon", "River", "Echo", "Lights", "Heart",
                        "Road", "Fire", "Glass", "Shadow", "Morning", "Stars"]
    static let accented = ["Café", "Mañana", "Über", "Naïve", "Señorita", "Ágætis", "Smörgåsbord", "Déjà vu",
                           "Crème", "Façade", "Jalapeño", "Zoë"]
    static let cjk = ["お気に入り", "夜に駆ける", "桜", "残酷な天使", "录音", "月亮代表我的心", "青花瓷", "茉莉花",
                      "사랑의 인사", "夢", "東京", "北京の夜"]
    static let emoji = ["🎧", "🌊", "🎹", "🚀", "🔥", "🌙", "🎸", "🍀"]

    /// One row of favs-gen (Sources/favs-gen/main.swift, `Row.init`), drawing the same numbers in the same order.
    static func row(_ rng: inout SplitMix64) -> (id: String, title: String) {
        var id = String(rng.next(), radix: 16)
        if id.count < 16 { id = String(repeating: "0", count: 16 - id.count) + id }
        var words: [String] = []
        for _ in 0..<Int(rng.next() % 4 + 1) {
            switch rng.next() % 10 {
            case 0, 1: words.append(cjk[Int(rng.next() % UInt64(cjk.count))])
            case 2: words.append(accented[Int(rng.next() % UInt64(accented.count))])
            default: words.append(latin[Int(rng.next() % UInt64(latin.count))])
            }
        }
        if rng.next() % 10 == 0 { words.insert(emoji[Int(rng.next() % UInt64(emoji.count))], at: 0) }
        // artist (2), album (2), year, genre, length (2): 8 numbers: drawn to keep the sequence in step with favs-gen.
        for _ in 0..<8 { _ = rng.next() }
        return (id, words.joined(separator: " "))
    }
}

struct SplitMix64 {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
