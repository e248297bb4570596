import FavsLibrary
import FavsModel
import Foundation

/// What a write's `NOTIFY` says: the library (its schema), the change-log rows it added and who made it; for a
/// single join or leave of a set (favorites, a tag) or a delete, the change itself, so a follower applies it without asking the server
/// anything (one trip from the writer's commit to the other screens). For a batch or a restore followers read
/// the log; an import or a command line's change sends only the library's name. The payload is JSON, well within
/// NOTIFY's 8,000 bytes (one that would not fit sends the name only).
struct ChangeNotice: Codable, Equatable, Sendable {
    /// The schema: which library changed (every favs on the server listens on one channel).
    var library: String
    /// The change-log rows the write added: `first` to `seq` (one for a single change).
    var first: Int64
    var seq: Int64
    var origin: String
    var kind: String
    /// The item of a single change; nil for a batch.
    var id: String?
    /// For a join or a leave: the set's name (a notice from a favs before format 3 has none: its `favorite` and
    /// `unfavorite` are not carried, and the log is read).
    var set: String?
    /// For a join: when it was made.
    var time: Int64?
    /// Which of its author's changes this is (`Store` tickets): the author's follower learns from it that the
    /// change is saved, in commit order, before any later change of another process is applied over it.
    var ticket: Int?

    /// The payload of a write's notification: this notice, or just the library's name.
    static func payload(_ notice: ChangeNotice?, library: String) -> String {
        guard let notice, let data = try? JSONEncoder().encode(notice), data.count < 7_900 else { return library }
        return String(decoding: data, as: UTF8.self)
    }

    /// The statement that notifies a write's change (delivered at its commit). Its log rows' numbers are the
    /// server's: the statement is sent with the write's own (`PostgresSession.hold`), before their numbers are known,
    /// so `first` and `seq` are counted back from the last number this session drew (`currval`). The writer holds the
    /// library's write lock, and every change-log row is added under it, so a write's rows are numbered one after the
    /// other; the notice's own `first` and `seq` say only how many rows it covers.
    static func statement(_ notice: ChangeNotice?, library: String) -> PostgresQuery {
        let payload = payload(notice, library: library)
        guard let notice, payload != library else { return "SELECT pg_notify(\(PostgresTarget.channel), \(payload))" }
        return """
            SELECT pg_notify(\(PostgresTarget.channel),
                             (\(payload)::jsonb || jsonb_build_object('first', last - \(notice.seq - notice.first), 'seq', last))::text)
            FROM (SELECT currval(pg_get_serial_sequence('changes', 'seq')) AS last) logged
            """
    }

    /// What a notification says about `library`: nil when it is about another library; `.some(nil)` when it
    /// names only the library (read the log).
    static func read(_ payload: String, library: String) -> ChangeNotice?? {
        if payload == library { return .some(nil) }
        guard payload.hasPrefix("{"), let notice = try? JSONDecoder().decode(ChangeNotice.self, from: Data(payload.utf8)),
              notice.library == library else { return nil }
        return .some(notice)
    }

    /// The change as a follower applies it, by state, its set named as the follower's member sees it (`names`); nil
    /// for a kind a notice does not carry.
    func update(_ names: StarNames) -> RemoteUpdate? {
        guard let id else { return nil }
        switch ChangeKind(rawValue: kind) {
        case .join?: return set.flatMap(names.shown).map { .member($0, ItemID(id), true, at: time) }
        case .leave?: return set.flatMap(names.shown).map { .member($0, ItemID(id), false, at: nil) }
        case .delete?: return .deleted(ItemID(id))
        default: return nil
        }
    }
}

extension ChangeNotice {
    /// The notice of a write that added the change-log rows of `written` (nil when it added none): a single
    /// join, leave or delete carries the change itself; anything else is a `batch`, read from the log.
    /// `names`: the writer's, so the set is carried as the tables name it (your stars as `@you`).
    init?(_ written: [LoggedWrite], library: String, origin: String, names: StarNames, ticket: Int? = nil) {
        guard let first = written.first, let last = written.last else { return nil }
        self.init(library: library, first: first.seq, seq: last.seq, origin: origin, kind: "batch", ticket: ticket)
        guard written.count == 1 else { return }
        switch first.write {
        case let .member(set, id, value, at):
            (kind, self.id, self.set, time) = (first.write.kind.rawValue, id.rawValue, names.stored(set), value ? at : nil)
        case let .delete(id): (kind, self.id) = (first.write.kind.rawValue, id.rawValue)
        case .restore, .search, .picks: break  // read from the log
        }
    }
}
