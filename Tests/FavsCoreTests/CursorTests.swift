import Testing
@testable import FavsCore
@testable import FavsModel

/// The one cursor of the list and favorites panes: its repair after rows come and go, written once.
@Suite struct CursorTests {
    /// Rows over a plain array of ids; `order`, when given, is every id ever shown, in the rows' order (where a
    /// gone id would sort).
    struct Rows: ItemRows {
        var ids: [ItemID]
        var order: [ItemID] = []
        var count: Int { ids.count }
        func id(at row: Int) -> ItemID? { ids.indices.contains(row) ? ids[row] : nil }
        func row(of id: ItemID) -> Int? { ids.firstIndex(of: id) }
        func row(placing id: ItemID) -> Int? {
            order.firstIndex(of: id).map { index in order[..<index].count { ids.contains($0) } }
        }
        func items(from row: Int, count: Int) -> [Item] { [] }
    }

    static let ten = Rows(ids: (0..<10).map { ItemID("i\($0)") })

    @Test func whenTheSelectedItemGoesAwayTheItemThatTookItsRowIsSelected() {
        var rows = Self.ten
        var cursor = Cursor(in: rows)
        cursor.move(to: 4, in: rows)
        rows.ids.remove(at: 4)
        cursor.repair(in: rows)
        #expect(cursor.selected == "i5" && cursor.row == 4)
    }

    @Test func whenSeveralRowsGoAtOnceTheFirstItemLeftAfterTheSelectedOneIsSelected() {
        var rows = Self.ten
        rows.order = rows.ids
        var cursor = Cursor(in: rows)
        cursor.move(to: 5, in: rows)
        // One batch: rows 2, 5 and 6 go (i2, the selected i5, and i6), repaired once after all of them.
        rows.ids.removeAll { ["i2", "i5", "i6"].contains($0) }
        cursor.repair(in: rows)
        #expect(cursor.selected == "i7" && cursor.row == 4, "i7, as the same deletes one by one would select")
        rows.ids.removeAll { ["i7", "i8", "i9"].contains($0) }
        cursor.repair(in: rows)
        #expect(cursor.selected == "i4" && cursor.row == 3, "nothing after it is left: the last row")
    }

    @Test func whenTheLastRowGoesAwayTheNewLastRowIsSelectedAndEmptyRowsSelectNothing() {
        var rows = Self.ten
        var cursor = Cursor(in: rows)
        cursor.move(to: 9, in: rows)
        rows.ids.removeLast()
        cursor.repair(in: rows)
        #expect(cursor.selected == "i8" && cursor.row == 8)
        rows.ids.removeAll()
        cursor.repair(in: rows)
        #expect(cursor.selected == nil && cursor.row == 0)
        rows.ids = ["new", "other"]
        cursor.repair(in: rows)
        #expect(cursor.selected == "new", "rows that come back start at the top")
    }

    @Test func theSelectionFollowsItsItemWhenRowsAboveComeAndGo() {
        var rows = Self.ten
        var cursor = Cursor(in: rows)
        cursor.move(to: 6, in: rows)
        rows.ids.removeFirst(2)
        cursor.repair(in: rows)
        #expect(cursor.selected == "i6" && cursor.row == 4)
    }

    @Test func settlingScrollsAsLittleAsPossibleToShowTheSelection() {
        let rows = Self.ten
        var cursor = Cursor(in: rows)
        cursor.move(to: 7, in: rows)
        cursor.settle(in: rows, visible: 3)
        #expect(cursor.offset == 5)
        cursor.move(to: 6, in: rows)
        cursor.settle(in: rows, visible: 3)
        #expect(cursor.offset == 5, "still in view: no scroll")
        cursor.move(to: 2, in: rows)
        cursor.settle(in: rows, visible: 3)
        #expect(cursor.offset == 2)
    }

    @Test func aResetKeepsASelectionTheNewRowsShowElseStartsAtTheTop() {
        var cursor = Cursor(in: Self.ten)
        cursor.move(to: 5, in: Self.ten)
        cursor.settle(in: Self.ten, visible: 3)
        cursor.reset(in: Rows(ids: ["i1", "i5"]))
        #expect(cursor.selected == "i5" && cursor.row == 1 && cursor.offset == 0)
        cursor.reset(in: Rows(ids: ["i2", "i3"]))
        #expect(cursor.selected == "i2" && cursor.row == 0)
    }

    /// A list scrolled down, and another process deletes, then restores, an item above the first row shown:
    /// the rows on screen stay where they are.
    @Test func rowsAboveTheFirstShownComingAndGoingDoNotMoveWhatIsShown() throws {
        let items = (0..<30).map { Item(id: ItemID("i\($0)"), title: "Item \($0)", position: $0) }
        let b = Browser(store: Store(items: items), libraryName: "scroll", width: 40, height: 12)
        for _ in 0..<15 { b.handle(.char("j")) }
        let screen = """
         favs — scroll
        ┏ Items 16/30 ━━━━━━━━━━━━━━━━━━━━━━━━━┓
        ┃   Item 8                             ┃
        ┃   Item 9                             ┃
        ┃   Item 10                            ┃
        ┃   Item 11                            ┃
        ┃   Item 12                            ┃
        ┃   Item 13                            ┃
        ┃   Item 14                            ┃
        ┃>  Item 15                            ┃
        ┗━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┛
        """
        #expect(b.frame().lines.dropLast().joined(separator: "\n") == screen)
        b.sync([.item("i0", nil)])
        #expect(b.frame().lines.dropLast().joined(separator: "\n") == screen.replacingOccurrences(of: "16/30", with: "15/29"))
        b.sync([.item("i0", items[0])])
        #expect(b.frame().lines.dropLast().joined(separator: "\n") == screen)
    }
}
