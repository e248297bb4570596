import Foundation

extension ItemCollection {
    /// The lines of a text as items, for a picker over any list (`favs pick --stdin`): each line is an item
    /// whose id and title are the line, in the order read. A line is what lies between line feeds, exactly
    /// (a carriage return or a control character stays part of it; panes make them visible). Empty lines are
    /// skipped, and a line seen before stays at its first place: an id names one item.
    ///
    /// `favorites` are the lines starred before (with the time, when one was kept); a favorite that is not
    /// among the lines is left out.
    public static func lines(of bytes: UnsafeRawBufferPointer, favorites: [ItemID: Int64?] = [:]) -> ItemCollection {
        var builder = Builder(capacity: 0)
        guard let base = bytes.baseAddress else { return builder.build() }
        var start = 0
        var position = 0
        let count = bytes.count
        while start < count {
            let end = memchr(base + start, 0x0A, count - start).map { UnsafeRawPointer($0) - base } ?? count
            if end > start {
                let line = UnsafeRawBufferPointer(rebasing: bytes[start..<end])
                position += 1
                builder.append(id: line, title: line, favorite: false, position: position)
            }
            start = end + 1
        }
        var collection = builder.build()
        for (id, time) in favorites {
            _ = collection.setFavorite(id, true, at: time)
        }
        return collection
    }
}
