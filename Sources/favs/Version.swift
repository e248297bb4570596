/// favs's version, in one place: `favs --version` prints it, the manual page shows it, and the Makefile reads it
/// from this line to name the release archive and the Debian package (`make dist`, `make deb`).
let favsVersion = "0.1.0"
