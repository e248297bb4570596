// libpq, PostgreSQL's own C client (Debian's libpq-dev): the team library's connection to its server.
// Swift imports it whole; nothing here needs wrapping.
#include <postgresql/libpq-fe.h>
