import FavsModel
import Testing

/// The frecency score of `favs pick`: each pick weighs 2^(−age / half-life), summed over an item's picks, read at a
/// fixed clock.
@Suite struct FrecencyTests {
    private let now: Int64 = 1_800_000_000_000
    private let day = Frecency.day

    @Test func aPickCountsOneNowHalfAWeekLaterAndAQuarterTwoWeeksLater() {
        let frecency = Frecency()
        #expect(frecency.score(of: [Pick(at: now)], at: now) == 1)
        #expect(frecency.score(of: [Pick(at: now - 7 * day)], at: now) == 0.5)
        #expect(frecency.score(of: [Pick(at: now - 14 * day)], at: now) == 0.25)
        #expect(frecency.score(of: [Pick(at: now - 7 * day / 2)], at: now) == 0.5.squareRoot())
        #expect(frecency.score(of: [], at: now) == 0)
    }

    @Test func picksAddUpAndAFoldedEntryCountsItsWeight() {
        let frecency = Frecency()
        let picks = [Pick(at: now - 28 * day, weight: 8), Pick(at: now - 7 * day), Pick(at: now)]
        #expect(frecency.score(of: picks, at: now) == 8.0 / 16 + 0.5 + 1)
        // Three picks a month ago count less than one made today.
        #expect(frecency.score(of: Array(repeating: Pick(at: now - 30 * day), count: 3), at: now)
                < frecency.score(of: [Pick(at: now)], at: now))
    }

    @Test func theHalfLifeIsTheOneGivenAndAPickFromTheFutureCountsAsMadeNow() {
        let daily = Frecency(halfLife: day)
        #expect(daily.score(of: [Pick(at: now - 2 * day)], at: now) == 0.25)
        #expect(daily.score(of: [Pick(at: now + 5 * day)], at: now) == 1)
    }
}
