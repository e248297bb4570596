import Foundation

/// How a search's matches are ranked (`favs pick --scheme`, `favs list --scheme`).
public enum RankScheme: String, Hashable, Sendable, CaseIterable {
    /// fzf's score plus a bounded bonus for what you keep (`KeptBonus`): a starred or often picked item wins a close
    /// call, a clearly better match still wins.
    case `default`
    /// fzf's order exactly: its score, a star only breaking an exact tie (then the shorter title).
    case fzf
    /// Every match by frecency first (zoxide's `query -i`), then as `default`.
    case frecency
}

/// The bonus a kept item's fuzzy score gets in the `default` scheme, capped at two of fzf's consecutive-character
/// bonuses (`bonusConsecutive`, 4 points, what each character of an unbroken run earns): 4 for a star, and for picks
/// 2 points for each unit of frecency score (a pick made now), at most 4. So a kept item beats a match a character's
/// bonus or two better, and a match better by more than 8 points (a word start, a run of three characters) still wins.
public enum KeptBonus {
    /// fzf's bonus for a consecutive character (`-(scoreGapStart + scoreGapExtension)`).
    public static let consecutive: Int32 = 4
    public static let star = consecutive
    public static let maximumForPicks = consecutive
    public static let maximum = star + maximumForPicks

    /// The bonus of an item with this star and this frecency score.
    public static func of(favorite: Bool, pickScore: Double) -> Int32 {
        (favorite ? star : 0) + Int32(min(Double(maximumForPicks), (2 * pickScore).rounded()))
    }
}
