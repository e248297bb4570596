import FavsLibrary
import Testing

@Test func theLibraryOptionWinsOverEveryVariable() {
    let environment = ["FAVS_LIBRARY": "/env/lib.sqlite", "XDG_DATA_HOME": "/xdg", "HOME": "/home/u"]
    #expect(LibraryLocation.resolve(option: "/opt/lib.sqlite", environment: environment) == "/opt/lib.sqlite")
}

@Test func favsLibraryWinsOverXDGAndHome() {
    let environment = ["FAVS_LIBRARY": "/env/lib.sqlite", "XDG_DATA_HOME": "/xdg", "HOME": "/home/u"]
    #expect(LibraryLocation.resolve(option: nil, environment: environment) == "/env/lib.sqlite")
}

@Test func xdgDataHomeWinsOverHome() {
    let environment = ["XDG_DATA_HOME": "/xdg/", "HOME": "/home/u"]
    #expect(LibraryLocation.resolve(option: nil, environment: environment) == "/xdg/favs/library.sqlite")
}

@Test func homeIsTheLastResort() {
    #expect(LibraryLocation.resolve(option: nil, environment: ["HOME": "/home/u"])
            == "/home/u/.local/share/favs/library.sqlite")
}

@Test func emptyValuesCountAsUnset() {
    let environment = ["FAVS_LIBRARY": "", "XDG_DATA_HOME": "", "HOME": "/home/u"]
    #expect(LibraryLocation.resolve(option: "", environment: environment) == "/home/u/.local/share/favs/library.sqlite")
}
