/// Firefox's `places.sqlite` as Firefox 153 creates it (`toolkit/components/places/nsPlacesTables.h`): the tables
/// the bookmark reader joins, their indexes (`nsPlacesIndexes.h`: the keywords' by place is the one the reader's
/// keyword lookup uses), and the roots. One copy, for the end-to-end tests' profiles and for
/// `favs-gen --shape bookmarks --format places`.
public enum FirefoxPlacesSchema {
    public static let tables = """
        CREATE TABLE moz_origins (id INTEGER PRIMARY KEY, prefix TEXT NOT NULL, host TEXT NOT NULL,
            frecency INTEGER NOT NULL, recalc_frecency INTEGER NOT NULL DEFAULT 0, alt_frecency INTEGER,
            recalc_alt_frecency INTEGER NOT NULL DEFAULT 0, UNIQUE (prefix, host));
        CREATE TABLE moz_places (id INTEGER PRIMARY KEY, url LONGVARCHAR, title LONGVARCHAR, rev_host LONGVARCHAR,
            visit_count INTEGER DEFAULT 0, hidden INTEGER DEFAULT 0 NOT NULL, typed INTEGER DEFAULT 0 NOT NULL,
            frecency INTEGER DEFAULT -1 NOT NULL, last_visit_date INTEGER, guid TEXT,
            foreign_count INTEGER DEFAULT 0 NOT NULL, url_hash INTEGER DEFAULT 0 NOT NULL, description TEXT,
            preview_image_url TEXT, site_name TEXT, origin_id INTEGER REFERENCES moz_origins(id),
            recalc_frecency INTEGER NOT NULL DEFAULT 0, alt_frecency INTEGER,
            recalc_alt_frecency INTEGER NOT NULL DEFAULT 0);
        CREATE TABLE moz_bookmarks (id INTEGER PRIMARY KEY, type INTEGER, fk INTEGER DEFAULT NULL, parent INTEGER,
            position INTEGER, title LONGVARCHAR, keyword_id INTEGER, folder_type TEXT, dateAdded INTEGER,
            lastModified INTEGER, guid TEXT, syncStatus INTEGER NOT NULL DEFAULT 0,
            syncChangeCounter INTEGER NOT NULL DEFAULT 1);
        CREATE TABLE moz_keywords (id INTEGER PRIMARY KEY AUTOINCREMENT, keyword TEXT UNIQUE, place_id INTEGER,
            post_data TEXT);
        CREATE INDEX moz_places_url_hashindex ON moz_places (url_hash);
        CREATE UNIQUE INDEX moz_bookmarks_guid_uniqueindex ON moz_bookmarks (guid);
        CREATE INDEX moz_bookmarks_itemindex ON moz_bookmarks (fk, type);
        CREATE INDEX moz_bookmarks_parentindex ON moz_bookmarks (parent, position);
        CREATE INDEX moz_bookmarks_itemlastmodifiedindex ON moz_bookmarks (fk, lastModified);
        CREATE INDEX moz_bookmarks_dateaddedindex ON moz_bookmarks (dateAdded);
        CREATE UNIQUE INDEX moz_places_guid_uniqueindex ON moz_places (guid);
        CREATE INDEX moz_places_originidindex ON moz_places (origin_id);
        CREATE UNIQUE INDEX moz_keywords_placepostdata_uniqueindex ON moz_keywords (place_id, post_data);
        """

    /// The roots, with the internal titles Firefox has given them since version 64.
    public static let roots = """
        INSERT INTO moz_bookmarks (id, type, parent, position, title, dateAdded, guid) VALUES
            (1, 2, 0, 0, '', 1700000000000000, 'root________'),
            (2, 2, 1, 0, 'menu', 1700000000000000, 'menu________'),
            (3, 2, 1, 1, 'toolbar', 1700000000000000, 'toolbar_____'),
            (4, 2, 1, 2, 'tags', 1700000000000000, 'tags________'),
            (5, 2, 1, 3, 'unfiled', 1700000000000000, 'unfiled_____'),
            (6, 2, 1, 4, 'mobile', 1700000000000000, 'mobile______');
        """
}
