import FavsFormats
import FavsModel
import Foundation

/// An import's reading and writing on two cores: the records are read (parsed, mapped) on a thread of its own,
/// a batch at a time, while the calling thread, which holds the library's connection, writes them.
///
/// What reaches `write` and in what order is what a plain `read(write)` gives, and so is every error: an error
/// thrown by `read` comes after every record read before it has been written; an error thrown by `write` stops
/// the reading at its next batch. No thread outlives the call, and at most `batchesAhead` batches wait in
/// memory, so an import of any size keeps the same small footprint.
enum ImportReadAhead {
    typealias Add = (ImportRecord, _ place: Int) throws -> Void

    static let batchSize = 1024
    static let batchesAhead = 8

    static func run(reading read: (_ add: Add) throws -> Void, writing write: (ReadRecord) throws -> Void) throws {
        let handoff = Handoff(limit: batchesAhead)
        try withoutActuallyEscaping(read) { read in
            let reader = Reader(read)
            Thread.detachNewThread { reader.run(into: handoff) }
            // Whatever ends the writing, the reader stops at its next batch and is waited for: `read` must not
            // be running once this returns.
            defer {
                handoff.stop()
                reader.wait()
            }
            while let batch = handoff.take() {
                try batch.bytes.withUnsafeBufferPointer { bytes in
                    for row in batch.rows { try write(ReadRecord(row, in: bytes)) }
                }
            }
            if let error = handoff.readError { throw error }
        }
    }

    /// Records as the writer takes them: every text in one buffer (the fields already as the library's JSON), so
    /// that the reading thread makes and frees the records' strings and the writing thread frees one buffer
    /// a batch (freeing on one thread what another allocated cost the writer a fifth of its time).
    struct Batch: Sendable {
        var bytes: [UInt8] = []
        var rows: [Row] = []

        struct Row: Sendable {
            var start: Int
            var idEnd: Int
            var titleEnd: Int
            var fieldsEnd: Int
            /// Where the tags end (joined by `;`), or nil when the record has no `tags`.
            var tagsEnd: Int?
            var tagsAreAdded: Bool
            var favorite: Bool
            var line: Int
            var column: Int
            var place: Int
            /// The record's picks; nil for a record with none (nearly every one: an export's few picked items).
            var picks: [Pick]?
        }

        mutating func append(_ record: ImportRecord, place: Int) {
            let start = bytes.count
            bytes.append(contentsOf: record.id.rawValue.utf8)
            let idEnd = bytes.count
            bytes.append(contentsOf: record.title.utf8)
            let titleEnd = bytes.count
            FieldCoding.encode(record.fields, into: &bytes)
            let fieldsEnd = bytes.count
            var tagsEnd: Int?
            if let tags = record.tags {
                for (index, tag) in tags.enumerated() {
                    if index > 0 { bytes.append(ImportTagNames.separator) }
                    bytes.append(contentsOf: tag.utf8)
                }
                tagsEnd = bytes.count
            }
            rows.append(Row(start: start, idEnd: idEnd, titleEnd: titleEnd, fieldsEnd: fieldsEnd, tagsEnd: tagsEnd,
                            tagsAreAdded: record.tagsAreAdded, favorite: record.favorite, line: record.line, column: record.column, place: place,
                            picks: record.picks))
        }
    }

    /// The reading side: `read` on its own thread, handing batches over; lets go of `read` before it says it is done.
    private final class Reader: @unchecked Sendable {
        private var read: ((_ add: Add) throws -> Void)?
        private let done = DispatchSemaphore(value: 0)

        init(_ read: @escaping (_ add: Add) throws -> Void) {
            self.read = read
        }

        func run(into handoff: Handoff) {
            var batch = Batch()
            do {
                try read? { record, place in
                    batch.append(record, place: place)
                    if batch.rows.count == ImportReadAhead.batchSize {
                        try handoff.put(batch)
                        batch = Batch()
                    }
                }
                if !batch.rows.isEmpty { try handoff.put(batch) }
                handoff.finish(nil)
            } catch is Stopped {
                handoff.finish(nil)
            } catch {
                // The records read before the error are written first, as a plain read would have.
                if !batch.rows.isEmpty { try? handoff.put(batch) }
                handoff.finish(error)
            }
            read = nil
            done.signal()
        }

        func wait() { done.wait() }
    }

    /// Thrown to the reader when the writer has stopped taking batches.
    private struct Stopped: Error {}

    /// The batches between the two threads, at most `limit` at a time.
    private final class Handoff: @unchecked Sendable {
        private let condition = NSCondition()
        private var batches: [Batch] = []
        private var finished = false
        private var stopped = false
        private let limit: Int
        /// What `read` threw; read by the writer once `take` has returned nil.
        private(set) var readError: (any Error)?

        init(limit: Int) {
            self.limit = limit
        }

        func put(_ batch: Batch) throws {
            condition.lock()
            defer { condition.unlock() }
            while batches.count >= limit, !stopped { condition.wait() }
            if stopped { throw Stopped() }
            batches.append(batch)
            condition.broadcast()
        }

        func finish(_ error: (any Error)?) {
            condition.lock()
            defer { condition.unlock() }
            readError = error
            finished = true
            condition.broadcast()
        }

        /// The next batch, nil once the reader has finished and every batch was taken.
        func take() -> Batch? {
            condition.lock()
            defer { condition.unlock() }
            while batches.isEmpty, !finished { condition.wait() }
            guard !batches.isEmpty else { return nil }
            condition.broadcast()
            return batches.removeFirst()
        }

        func stop() {
            condition.lock()
            defer { condition.unlock() }
            stopped = true
            condition.broadcast()
        }
    }
}

/// One record of an import as the writer sees it: its texts as UTF-8 inside a batch's buffer, valid only during
/// the call that receives it.
struct ReadRecord {
    var id: UnsafeBufferPointer<UInt8>
    var title: UnsafeBufferPointer<UInt8>
    /// The fields as the library stores them (`FieldCoding`).
    var fields: UnsafeBufferPointer<UInt8>
    /// The tags joined by `;` (which no tag holds); nil when the record has no `tags`.
    var tags: UnsafeBufferPointer<UInt8>?
    /// Whether the tags are added to an item's own rather than made its tags (`ImportRecord.tagsAreAdded`).
    var tagsAreAdded: Bool
    var favorite: Bool
    var line: Int
    var column: Int
    /// Where it was read (see `ImportPlaces`).
    var place: Int
    /// Its picks, oldest first; nil when it has none.
    var picks: [Pick]?

    fileprivate init(_ row: ImportReadAhead.Batch.Row, in bytes: UnsafeBufferPointer<UInt8>) {
        id = UnsafeBufferPointer(rebasing: bytes[row.start..<row.idEnd])
        title = UnsafeBufferPointer(rebasing: bytes[row.idEnd..<row.titleEnd])
        fields = UnsafeBufferPointer(rebasing: bytes[row.titleEnd..<row.fieldsEnd])
        tags = row.tagsEnd.map { UnsafeBufferPointer(rebasing: bytes[row.fieldsEnd..<$0]) }
        tagsAreAdded = row.tagsAreAdded
        favorite = row.favorite
        line = row.line
        column = row.column
        place = row.place
        picks = row.picks
    }

    /// The record with its id and title as strings (its fields left out): what an error about it names.
    var record: ImportRecord {
        ImportRecord(id: ItemID(String(decoding: id, as: UTF8.self)), title: String(decoding: title, as: UTF8.self),
                     line: line, column: column)
    }
}
