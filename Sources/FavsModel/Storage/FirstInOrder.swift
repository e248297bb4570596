import Foundation

extension Array {
    /// The first `k` elements in the order `before` gives, in that order: all of them sorted, or, when `k` is fewer,
    /// only those, kept in a heap as the others go by (a picker's preview shows 500 of 10k picked lines: no sort of
    /// them all before its first screen).
    func firstInOrder(_ k: Int, by before: (Element, Element) -> Bool) -> [Element] {
        guard k < count else { return sorted(by: before) }
        guard k > 0 else { return [] }
        // The first k seen so far, the last of them on top: an element that comes before the top takes its place.
        var heap = Array(prefix(k))
        func siftDown(_ start: Int) {
            var parent = start
            while true {
                var last = parent
                let left = 2 * parent + 1, right = left + 1
                if left < k, before(heap[last], heap[left]) { last = left }
                if right < k, before(heap[last], heap[right]) { last = right }
                if last == parent { return }
                heap.swapAt(parent, last)
                parent = last
            }
        }
        for index in stride(from: k / 2 - 1, through: 0, by: -1) { siftDown(index) }
        for element in dropFirst(k) where before(element, heap[0]) {
            heap[0] = element
            siftDown(0)
        }
        return heap.sorted(by: before)
    }
}
