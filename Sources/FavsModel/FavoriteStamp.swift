import Foundation

/// When a favorite is made: the order of the "recently favorited" list.
///
/// The clock alone cannot decide that order: two favorites made within one millisecond (two keys of a
/// script, a quick typist, several ids on one command line) would share a time, and the one made first could
/// come first. So each new favorite is stamped with the clock's time, or one millisecond after the latest
/// favorite in the library when the clock has not moved past it (or went back): a stamp that never repeats
/// and never goes back. It stays a time, shown and stored as `favoritedAt`.
public enum FavoriteStamp {
    /// The stamp of a favorite made now, after the latest one the library holds (nil when it holds none).
    public static func next(now: Int64, after latest: Int64?) -> Int64 {
        guard let latest, latest >= now else { return now }
        return latest + 1
    }
}
