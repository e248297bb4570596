import Testing
@testable import FavsModel
import FavsTestFixtures

/// Tags are sets named `#path`: compared without case, nested by `/`, each folder counting the items under it once.
@Suite struct TagTests {
    static func items() -> [Item] {
        ["Alpha", "Bravo", "Charlie", "Delta", "Echo"].enumerated().map { index, title in
            Item(id: ItemID(title.prefix(1).lowercased()), title: title, position: index + 1)
        }
    }

    static func counts(_ store: Store) -> [String] {
        store.items.tagTree.map { "\($0.path) \($0.count)/\($0.ownCount)" }
    }

    @Test func aFolderCountsEachItemUnderItOnceWhateverHowManyOfItsTagsAreThere() {
        let store = Store(items: Self.items(), clock: { 5 })
        store.send(.changeMembers(["a", "b"], join: [.tag("dev/swift"), .tag("dev/swift/server")], leave: []))
        store.send(.changeMembers(["c"], join: [.tag("dev")], leave: []))
        store.send(.changeMembers(["d"], join: [.tag("Reading")], leave: []))
        #expect(Self.counts(store) == ["dev 3/1", "dev/swift 2/2", "dev/swift/server 2/2", "Reading 1/1"])
        #expect(store.items.tags(of: "a") == ["dev/swift", "dev/swift/server"])

        store.send(.changeMembers(["a"], join: [], leave: [.tag("DEV/SWIFT")]))
        #expect(Self.counts(store) == ["dev 3/1", "dev/swift 2/1", "dev/swift/server 2/2", "Reading 1/1"],
                "a is still under dev/swift through dev/swift/server")
        store.send(.delete("b"))
        #expect(Self.counts(store) == ["dev 2/1", "dev/swift 1/0", "dev/swift/server 1/1", "Reading 1/1"])
        store.send(.undo)
        store.send(.undo)
        #expect(Self.counts(store) == ["dev 3/1", "dev/swift 2/2", "dev/swift/server 2/2", "Reading 1/1"])
    }

    @Test func tagsLoadedInAnyOrderOfPositionGiveWhatJoiningThemOneByOneGives() {
        // A library reads each tag's rows in no order of position; a second read of a tag merges into what it has.
        let loads: [(tag: String, positions: [Int])] = [
            ("dev/swift", [4, 1, 4, 9]), ("dev", [3]), ("dev/swift/server", [5, 2]), ("reading", [2]),
            ("dev/swift", [3, 5]), ("dev/rust", [2, 4]),
        ]
        var loaded = ItemCollection(Self.items())
        for (tag, positions) in loads {
            loaded.addMembers(atPositions: positions.map { (position: $0, time: nil) }, to: .tag(tag))
        }
        let joined = Store(items: Self.items(), clock: { 5 })
        for (tag, positions) in loads {
            let once = positions.reduce(into: [Int]()) { if !$0.contains($1) { $0.append($1) } }
            let ids = once.compactMap { position in Self.items().first { $0.position == position }?.id }
            joined.send(.changeMembers(ids, join: [.tag(tag)], leave: []))
        }
        let store = Store(collection: loaded, clock: { 5 })
        #expect(Self.counts(store) == Self.counts(joined))
        #expect(Self.counts(store) == ["dev 5/1", "dev/rust 2/2", "dev/swift 5/4", "dev/swift/server 2/2", "reading 1/1"])
        for set in [SetID.tagFolder("dev"), .tagFolder("dev/swift"), .tag("dev/swift"), .tagFolder("reading")] {
            #expect(store.items.memberSlots(of: set) == joined.items.memberSlots(of: set), "\(set)")
        }
        for item in Self.items() { #expect(store.items.tags(of: item.id) == joined.items.tags(of: item.id)) }
        store.send(.delete("b"))
        #expect(Self.counts(store) == ["dev 4/1", "dev/rust 1/1", "dev/swift 4/4", "dev/swift/server 1/1"])
        store.send(.changeMembers(["c"], join: [], leave: [.tag("dev/swift"), .tag("dev")]))
        #expect(Self.counts(store) == ["dev 3/0", "dev/rust 1/1", "dev/swift 3/3", "dev/swift/server 1/1"])
    }

    @Test func aTagInAnotherCaseIsTheSameSetSpelledAsFirstSeen() {
        let store = Store(items: Self.items(), clock: { 5 })
        store.send(.changeMembers(["a"], join: [.tag("Work")], leave: []))
        let outcome = store.send(.changeMembers(["b"], join: [.tag("WORK")], leave: []))
        #expect(outcome.applied == .setMember(.tag("Work"), "b", true, at: 5))
        if case let .setMember(set, _, _, _) = outcome.applied { #expect(set.name == "#Work", "logged as first spelled") }
        #expect(store.items.tagPaths == ["Work"])
        #expect(store.items.memberCount(of: .tag("work")) == 2)
    }

    @Test func aTagPromptsChangeIsOneStepOneUndoAndLeavesWhatIsAsAsked() {
        let store = Store(items: Self.items(), clock: { 7 })
        store.send(.changeMembers(["a"], join: [.tag("old")], leave: []))
        let outcome = store.send(.changeMembers(["a", "b"], join: [.tag("work")], leave: [.tag("old")]))
        #expect(outcome.applied == .batch([.setMember(.tag("work"), "a", true, at: 7),
                                           .setMember(.tag("old"), "a", false, at: 7),
                                           .setMember(.tag("work"), "b", true, at: 7)]))
        #expect(store.items.tags(of: "a") == ["work"] && store.items.tags(of: "b") == ["work"])
        store.send(.undo)
        #expect(store.items.tags(of: "a") == ["old"] && store.items.tags(of: "b") == [])
        #expect(store.send(.changeMembers(["a"], join: [.tag("old")], leave: [.tag("work")])).error == "Nothing to change")
        #expect(store.send(.changeMembers(["a"], join: [.tagFolder("old")], leave: [])).error == Store.folderRefusal)
        #expect(store.items.latestFavoriteTime == nil, "a tag’s time is not a favorite’s")
    }

    @Test func aListOfAFolderFollowsItsNestedTagsAndAListOfATagOnlyItsOwn() {
        let store = Store(items: Self.items(), clock: { 1 })
        store.send(.changeMembers(["d"], join: [.tag("work")], leave: []))
        store.send(.changeMembers(["b"], join: [.tag("work/done")], leave: []))
        store.send(.show(ListQuery(scope: .members(.tagFolder("work")))))
        #expect(store.list.items(from: 0, count: 9).map(\.id) == ["b", "d"])

        let joined = store.send(.changeMembers(["c"], join: [.tag("Work/Later")], leave: []))
        #expect(joined.events == [.membershipChanged(.tag("Work/Later"), "c"), .moved("c", from: nil, to: 1)])
        #expect(store.list.items(from: 0, count: 9).map(\.id) == ["b", "c", "d"])
        store.send(.changeMembers(["b"], join: [], leave: [.tag("work/done")]))
        #expect(store.list.items(from: 0, count: 9).map(\.id) == ["c", "d"])
        #expect(store.items.memberCount(of: .tagFolder("WORK")) == 2)

        store.send(.show(ListQuery(scope: .members(.tag("work")))))
        #expect(store.list.items(from: 0, count: 9).map(\.id) == ["d"], "the tag alone, without what is nested")
    }

    @Test func aTagChangeTheLibraryCouldNotSaveIsTakenBackWithItsCounts() {
        let sink = RecordingSink()
        let store = Store(items: Self.items(), sink: sink, clock: { 5 })
        store.send(.changeMembers(["a"], join: [.tag("dev/swift")], leave: []))
        sink.failNext = true
        let outcome = store.send(.changeMembers(["a", "b"], join: [.tag("dev/go")], leave: [.tag("dev/swift")]))
        #expect(outcome.error == "Not saved: disk is full" && outcome.applied == nil)
        #expect(Self.counts(store) == ["dev 1/0", "dev/swift 1/1"], "the folder and the tags as on disk")
        #expect(store.items.tags(of: "a") == ["dev/swift"] && store.items.tags(of: "b") == [])
        store.send(.undo)
        #expect(store.items.tagPaths == [], "the undo is of the change that was saved")
    }

    @Test func aRemoteTagChangeKeepsTheFoldersCounts() {
        let store = Store(items: Self.items())
        _ = store.sync([.member(.tag("a/b"), "e", true, at: 3), .member(.tag("a/c"), "e", true, at: 4)])
        #expect(Self.counts(store) == ["a 1/0", "a/b 1/1", "a/c 1/1"])
        _ = store.sync([.member(.tag("a/b"), "e", false, at: nil)])
        #expect(Self.counts(store) == ["a 1/0", "a/c 1/1"])
    }

    @Test(arguments: [
        ("", "a tag cannot be empty"),
        ("to read", "tag “to read” has a space"),
        ("a;b", "tag “a;b” has “;” (it separates tags in CSV and TSV)"),
        ("bell\u{7}", "tag “bell\\u{7}” has a control character"),
        ("#work", "tag “#work” cannot start with “#”"),
        ("-old", "tag “-old” cannot start with “-”"),
        ("a//b", "tag “a//b” has an empty name between slashes"),
        ("work/", "tag “work/” has an empty name between slashes"),
    ])
    func aTagThatCannotBeOneIsRefusedWithItsReason(text: String, message: String) {
        #expect(throws: TagError(tag: text, message: message)) { try TagPath.parse(text) }
    }

    @Test func tagsAreListedFolderFirstThenWhatIsNestedInIt() {
        #expect(["a-c", "B", "a/b", "a"].sorted(by: TagPath.areInOrder) == ["a", "a/b", "a-c", "B"])
        #expect(SetID.tagFolder("work").description == "#work" && SetID.tag("work").description == "#work")
    }
}

/// A `#tag` term in a search: the items carrying the tag or one nested under it, with the rest of the syntax.
@Suite struct TagTermTests {
    static func store() -> Store {
        let store = Store(items: ["Alpha", "Bravo", "Charlie", "Delta", "Echo"].enumerated().map { index, title in
            Item(id: ItemID(title.prefix(1).lowercased()), title: title, position: index + 1)
        })
        store.send(.changeMembers(["a", "b", "c"], join: [.tag("work")], leave: []))
        store.send(.changeMembers(["b"], join: [.tag("Work/Done")], leave: []))
        store.send(.changeMembers(["d"], join: [.tag("home")], leave: []))
        return store
    }

    static func shown(_ store: Store, _ filter: String) -> [ItemID?] {
        store.send(.show(ListQuery(filter: filter)))
        return (0..<store.list.count).map { store.list.id(at: $0) }
    }

    @Test func aTagTermFindsTheTagAndWhatIsNestedUnderItWithTheRestOfTheSyntax() {
        let store = Self.store()
        #expect(Self.shown(store, "#work") == ["a", "b", "c"])
        #expect(Self.shown(store, "#WORK/done") == ["b"], "compared without case")
        #expect(Self.shown(store, "#work !#work/done") == ["a", "c"])
        #expect(Self.shown(store, "#work/done | #home") == ["b", "d"])
        #expect(Self.shown(store, "!#work") == ["d", "e"])
        #expect(Self.shown(store, "#work rli") == ["c"], "a title term beside it, ranked as ever")
        #expect(Self.shown(store, "#nothing").isEmpty)
    }

    @Test func aTagChangeMovesTheRowOfASearchForIt() {
        let store = Self.store()
        _ = Self.shown(store, "#work !#work/done")
        let outcome = store.send(.changeMembers(["a"], join: [.tag("work/done/2026")], leave: []))
        #expect(outcome.events == [.membershipChanged(.tag("work/done/2026"), "a"), .moved("a", from: 0, to: nil)])
        #expect((0..<store.list.count).map { store.list.id(at: $0) } == ["c"])
    }

    @Test func aTagTermIsWrittenWithATagsRulesAndNotBesideATitleTermInAGroup() {
        #expect(throws: SearchPatternError(term: "#", message: "the term # has nothing to search for: write text after it")) {
            try SearchPattern(parsing: "#")
        }
        #expect(throws: SearchPatternError(term: "#a;b", message: "#a;b: tag “a;b” has “;” (it separates tags in CSV and TSV)")) {
            try SearchPattern(parsing: "#a;b")
        }
        #expect(throws: SearchPatternError.mixedGroup("#work | alpha")) { try SearchPattern(parsing: "#work | alpha") }
        let lines = SearchPattern(reading: "#include", tags: false)
        #expect(lines.tagGroups.isEmpty && lines.titleGroups.count == 1, "over lines of stdin # is a character, as in fzf")
    }
}

/// An item's tags as the collection keeps them for its panes: three packed in a word, more beside it.
@Suite struct SlotTagsTests {
    @Test func aSlotKeepsAnyNumberOfTagsInTheOrderAddedAndLosesOneAtATime() {
        var tags = SlotTags()
        for index: Int32 in [7, 0, 2_000_000, 3, 9] { tags.add(index, to: 42) }
        tags.add(5, to: 1)
        #expect(tags.indices(of: 42) == [7, 0, 2_000_000, 3, 9] && tags.indices(of: 1) == [5] && tags.indices(of: 2) == [])
        tags.remove(0, from: 42)
        #expect(tags.indices(of: 42) == [7, 2_000_000, 3, 9])
        tags.add(Int32(1 << 21), to: 42)  // past what a packed field holds: kept beside them
        #expect(tags.indices(of: 42) == [7, 2_000_000, 3, 9, 1 << 21])
        for index: Int32 in [7, 2_000_000, 3, 9, 1 << 21] { tags.remove(index, from: 42) }
        #expect(tags.indices(of: 42) == [] && tags == { var one = SlotTags(); one.add(5, to: 1); return one }())
    }
}
