import Testing
@testable import FavsLibrary

/// The places of an empty-library import, kept in runs, give back every record's place.
@Test func everyPlaceComesBackFromTheRunsItWasStoredIn() {
    var log = PlaceLog()
    // A header, then one record per line; a multi-line record; a blank line; a second file further on.
    var places = Array(2...1000)
    places += [1003, 1004, 1005, 1007, 1008, 1_000_000, 1_000_001, 1_000_003, 1_000_005]
    for place in places { log.append(place) }
    #expect(places.indices.map { log.place(at: $0) } == places)
}
