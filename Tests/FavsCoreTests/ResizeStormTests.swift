import Testing
@testable import FavsCore
@testable import FavsModel

/// Every terminal size, and a storm of resizes with keys between: each frame is exactly the window, and a
/// resize never moves the selection.
@Suite struct ResizeStormTests {
    enum Library: String, CaseIterable, CustomTestStringConvertible {
        case sample, twoThousandItems
        var testDescription: String { rawValue }

        var items: [Item] {
            switch self {
            case .sample: SampleLibrary.items
            case .twoThousandItems:
                (0..<2_000).map { n in
                    let title = NoDriftPropertyTests.titles[n % NoDriftPropertyTests.titles.count] + " \(n)"
                    return Item(id: ItemID("id\(n)"), title: title, fields: [Field("n", "\(n)")],
                                favorite: n % 7 == 0, position: n)
                }
            }
        }

        func browser() -> Browser {
            Browser(store: Store(items: items), libraryName: rawValue, width: 80, height: 24)
        }
    }

    /// Every width 1…40 by every height 1…12 (where the layout changes kind), then a coarse grid up to
    /// 300×100, the corners included.
    static let sizes: [(Int, Int)] = {
        var sizes = (1...40).flatMap { w in (1...12).map { h in (w, h) } }
        let widths = Array(stride(from: 41, to: 300, by: 29)) + [300]
        let heights = Array(stride(from: 13, to: 100, by: 13)) + [100]
        sizes += widths.flatMap { w in heights.map { h in (w, h) } }
        sizes += [(300, 1), (1, 100), (300, 12), (40, 100)]
        return sizes
    }()

    /// The frame is the terminal's size, and no line is wider than the terminal.
    static func expectFits(_ browser: Browser, _ context: @autoclosure () -> String) throws {
        let canvas = browser.frame()
        try #require(canvas.width == browser.width && canvas.height == browser.height, "\(context()): canvas size")
        let lines = canvas.lines
        try #require(lines.count == browser.height, "\(context()): \(lines.count) lines")
        for (row, line) in lines.enumerated() {
            try #require(TextWidth.of(line) <= browser.width,
                         "\(context()): row \(row) is \(TextWidth.of(line)) columns wide: \(line)")
        }
    }

    /// A pure resize (no key between) keeps the selected item whenever there is one to keep.
    static func resizeKeepsSelection(_ browser: Browser, to size: (Int, Int), _ context: String) throws {
        let before = browser.selectedID
        browser.resize(width: size.0, height: size.1)
        if browser.store.list.count > 0 {
            try #require(before != nil, "\(context): nothing selected in a list that is not empty")
            try #require(browser.selectedID == before, "\(context): the selection moved on a resize")
        }
        try expectFits(browser, context)
    }

    @Test(arguments: Library.allCases)
    func everySizeFromOneByOneTo300By100DrawsExactlyTheWindowAndKeepsTheSelection(library: Library) throws {
        let browser = library.browser()
        // Somewhere in the middle of the list, so a resize has an offset to repair.
        for _ in 0..<17 { browser.handle(.char("j")) }
        let selected = try #require(browser.selectedID)
        for (w, h) in Self.sizes {
            try Self.resizeKeepsSelection(browser, to: (w, h), "\(library) \(w)x\(h)")
        }
        #expect(browser.selectedID == selected)
    }

    @Test(arguments: Library.allCases)
    func aStormOfAThousandResizesWithKeysBetweenNeverDrawsOutsideTheWindowNorMovesTheSelection(
        library: Library
    ) throws {
        var rng = SeededRandom(seed: library == .sample ? 1 : 2)
        let browser = library.browser()
        for step in 0..<1_000 {
            // Half the sizes up to 80×30, where the layout changes kind (too small, stacked, side by side);
            // half up to 300×100. (A frame of 300×100 takes milliseconds in a debug build.)
            let (maxWidth, maxHeight) = step.isMultiple(of: 2) ? (80, 30) : (300, 100)
            let size = (Int.random(in: 1...maxWidth, using: &rng), Int.random(in: 1...maxHeight, using: &rng))
            try Self.resizeKeepsSelection(browser, to: size, "\(library) step \(step) \(size.0)x\(size.1)")
            // What the keys did is drawn at the next step's size, after its selection check.
            for _ in 0..<Int.random(in: 0...3, using: &rng) {
                browser.handle(NoDriftPropertyTests.keys.randomElement(using: &rng) ?? .char("j"))
            }
        }
        try Self.expectFits(browser, "\(library) after the storm")
    }
}
