import FavsCore
import Foundation
import GRDB

/// The tables of a library file, their migrations, and how fields are stored.
enum Schema {
    static let migrator: DatabaseMigrator = {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            // `position` is UNIQUE, so SQLite keeps an index on it: the list order is read in index order
            // (a separate index on the same column would only slow writes down).
            try db.execute(sql: """
                CREATE TABLE items (
                    id TEXT PRIMARY KEY,
                    title TEXT NOT NULL,
                    fields TEXT NOT NULL,
                    favorite INTEGER NOT NULL DEFAULT 0,
                    position INTEGER NOT NULL UNIQUE,
                    deleted INTEGER NOT NULL DEFAULT 0
                );
                CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT);
                CREATE TABLE changes (
                    seq INTEGER PRIMARY KEY AUTOINCREMENT,
                    item_id TEXT NOT NULL,
                    kind TEXT NOT NULL
                );
                """)
        }
        return migrator
    }()

    /// Migrates the file and names (and maybe seeds) a new library; returns the library's name.
    ///
    /// A library is new until it has a name. Naming and seeding happen in one write transaction,
    /// so two processes creating the same library at once seed it only once.
    static func prepare(_ writer: any DatabaseWriter, path: String, seed: Bool, newName: String) throws -> String {
        try writer.read { db in
            let tables = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'")
            if !tables.isEmpty, !tables.contains("grdb_migrations") {
                throw LibraryError.cannotOpen(path: path, reason: "not a favs library (it holds other tables)")
            }
            if try migrator.hasBeenSuperseded(db) {
                throw LibraryError.cannotOpen(path: path, reason: "made by a newer version of favs")
            }
        }
        try migrator.migrate(writer)
        return try writer.write { db in
            if let name = try String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'name'") { return name }
            if seed {
                let insert = try db.makeStatement(sql: """
                    INSERT INTO items (id, title, fields, favorite, position) VALUES (?, ?, ?, ?, ?)
                    """)
                let encoder = FieldCoding.encoder()
                for item in SampleLibrary.items {
                    try insert.execute(arguments: [item.id.rawValue, item.title,
                                                   try FieldCoding.encode(item.fields, encoder),
                                                   item.favorite, item.position])
                }
            }
            try db.execute(sql: "INSERT INTO meta (key, value) VALUES ('name', ?)", arguments: [newName])
            return newName
        }
    }
}

/// Fields are stored as a JSON array of `[name, value]` pairs, which keeps their order.
enum FieldCoding {
    static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return encoder
    }

    static func encode(_ fields: [Field], _ encoder: JSONEncoder) throws -> String {
        let data = try encoder.encode(fields.map { [$0.name, $0.value] })
        return String(decoding: data, as: UTF8.self)
    }

    static func decode(_ text: String, id: ItemID, _ decoder: JSONDecoder) throws -> [Field] {
        let pairs: [[String]]
        do {
            pairs = try decoder.decode([[String]].self, from: Data(text.utf8))
        } catch {
            throw LibraryError.unreadable(id, reason: "its fields are not a JSON array of pairs")
        }
        return try pairs.map { pair in
            guard pair.count == 2 else { throw LibraryError.unreadable(id, reason: "a field is not a [name, value] pair") }
            return Field(pair[0], pair[1])
        }
    }
}
