import Foundation

/// The built-in sample collection: what a new library starts with, and what `--library :memory:` shows.
public enum SampleLibrary {
    /// The name shown in the title bar of a library seeded from the sample.
    public static let name = "sample library"

    public static let items: [Item] = rows.enumerated().map { index, row in
        var fields = [Field("artist", row.artist), Field("album", row.album), Field("year", row.year),
                      Field("genre", row.genre), Field("length", row.length)]
        if !row.note.isEmpty { fields.append(Field("note", row.note)) }
        return Item(id: ItemID(String(format: "rec-%03d", index + 1)), title: row.title, fields: fields,
                    favorite: row.favorite, position: index + 1)
    }

    private struct Row {
        let title, artist, album, year, genre, length, note: String
        let favorite: Bool
        init(_ title: String, _ artist: String, _ album: String, _ year: String, _ genre: String,
             _ length: String, _ note: String = "", favorite: Bool = false) {
            (self.title, self.artist, self.album, self.year, self.genre, self.length, self.note, self.favorite) =
                (title, artist, album, year, genre, length, note, favorite)
        }
    }

    private static let rows: [Row] = [
        Row("お気に入りの曲", "Yui Tanaka", "夜の散歩", "2021", "J-pop", "3:58", "The one that started the list", favorite: true),
        Row("录音 Recording 2", "Li Wei", "Field Notes", "2019", "Ambient", "6:12", "Rain on a tin roof, Hangzhou"),
        Row("Café del Mar — Sunset", "José Padilla", "Café del Mar Vol. 1", "1994", "Balearic", "7:03"),
        Row("🎧 Lo-fi beats to study to", "Chillhop Collective", "Study Session", "2020", "Lo-fi", "58:21", favorite: true),
        Row("Clair de lune", "Claude Debussy", "Suite bergamasque", "1905", "Classical", "5:07"),
        Row("夜に駆ける", "YOASOBI", "THE BOOK", "2021", "J-pop", "4:21"),
        Row("Für Elise", "Ludwig van Beethoven", "Bagatelles", "1810", "Classical", "2:55"),
        Row("月亮代表我的心", "Teresa Teng", "岛国之情歌第四集", "1977", "Mandopop", "3:29", favorite: true),
        Row("Naïve Melody", "Talking Heads", "Speaking in Tongues", "1983", "New wave", "4:56"),
        Row("🌊 Ocean waves, 10 hours", "Nature Sounds", "Sleep", "2018", "Field recording", "600:00"),
        Row("Mañana es hoy", "Ana Tijoux", "Vengo", "2014", "Hip hop", "3:41"),
        Row("Ég anda", "Sigur Rós", "Ágætis byrjun", "1999", "Post-rock", "6:53"),
        Row("残酷な天使のテーゼ", "Yoko Takahashi", "Neon Genesis Evangelion", "1995", "Anime", "4:05"),
        Row("茉莉花 Jasmine Flower", "Traditional", "中国民歌", "1750", "Folk", "3:12"),
        Row("Dansa kvadrat", "Vampire Weekend", "Only God Was Above Us", "2024", "Indie", "3:24"),
        Row("Águas de março", "Elis Regina & Tom Jobim", "Elis & Tom", "1974", "Bossa nova", "3:32"),
        Row("A very long title that will not fit in the list pane of a narrow terminal", "Various", "Long Things", "2000", "Test", "9:99", "Shows how titles are cut with an ellipsis"),
        Row("🎹 Piano sketches", "Hania Rani", "Esja", "2019", "Neo-classical", "4:40"),
        Row("Smörgåsbord", "Ölands Brass", "Sommar", "2016", "Brass", "2:48"),
        Row("사랑의 인사 Salut d'amour", "Edward Elgar", "Romance", "1888", "Classical", "3:01"),
        Row("Ode an die Freude", "Berliner Philharmoniker", "Symphonie Nr. 9", "1824", "Classical", "24:10"),
        Row("青花瓷", "Jay Chou", "我很忙", "2007", "Mandopop", "3:59"),
        Row("Hallelujah", "Jeff Buckley", "Grace", "1994", "Rock", "6:53"),
        Row("🚀 Space Oddity", "David Bowie", "David Bowie", "1969", "Rock", "5:15"),
        Row("Übung macht den Meister", "Kraftwerk", "Tour de France", "2003", "Electronic", "4:12"),
        Row("Señorita Ñandú", "Los Ñandúes", "Pampa", "2011", "Cumbia", "3:33"),
        Row("桜 Sakura", "Kobukuro", "All Singles Best", "2006", "J-pop", "5:26"),
        Row("Voilà", "Barbara Pravi", "On n'enferme pas les oiseaux", "2021", "Chanson", "3:08"),
    ]
}
