// libpq loaded on first use (see clibpq.h): dlopen once, every function looked up, then plain forwarding.
#include "clibpq.h"

#include <dlfcn.h>
#include <stdint.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// Each function favs calls: its return type, name, parameters and arguments. VOID_FUNCTIONS return nothing.
#define FUNCTIONS(X) \
    X(PGconn *, PQconnectStartParams, (const char *const *keywords, const char *const *values, int expand_dbname), (keywords, values, expand_dbname)) \
    X(PostgresPollingStatusType, PQconnectPoll, (PGconn *conn), (conn)) \
    X(ConnStatusType, PQstatus, (const PGconn *conn), (conn)) \
    X(int, PQsetnonblocking, (PGconn *conn, int arg), (conn, arg)) \
    X(PQnoticeProcessor, PQsetNoticeProcessor, (PGconn *conn, PQnoticeProcessor proc, void *arg), (conn, proc, arg)) \
    X(int, PQconnectionNeedsPassword, (const PGconn *conn), (conn)) \
    X(PGVerbosity, PQsetErrorVerbosity, (PGconn *conn, PGVerbosity verbosity), (conn, verbosity)) \
    X(char *, PQerrorMessage, (const PGconn *conn), (conn)) \
    X(int, PQsocket, (const PGconn *conn), (conn)) \
    X(int, PQsendQueryParams, (PGconn *conn, const char *command, int nParams, const Oid *paramTypes, \
                               const char *const *paramValues, const int *paramLengths, const int *paramFormats, \
                               int resultFormat), \
      (conn, command, nParams, paramTypes, paramValues, paramLengths, paramFormats, resultFormat)) \
    X(int, PQsendQuery, (PGconn *conn, const char *query), (conn, query)) \
    X(int, PQsetSingleRowMode, (PGconn *conn), (conn)) \
    X(int, PQflush, (PGconn *conn), (conn)) \
    X(int, PQconsumeInput, (PGconn *conn), (conn)) \
    X(int, PQisBusy, (PGconn *conn), (conn)) \
    X(PGresult *, PQgetResult, (PGconn *conn), (conn)) \
    X(int, PQputCopyData, (PGconn *conn, const char *buffer, int nbytes), (conn, buffer, nbytes)) \
    X(int, PQputCopyEnd, (PGconn *conn, const char *errormsg), (conn, errormsg)) \
    X(PGnotify *, PQnotifies, (PGconn *conn), (conn)) \
    X(ExecStatusType, PQresultStatus, (const PGresult *res), (res)) \
    X(int, PQntuples, (const PGresult *res), (res)) \
    X(int, PQnfields, (const PGresult *res), (res)) \
    X(int, PQgetisnull, (const PGresult *res, int tup_num, int field_num), (res, tup_num, field_num)) \
    X(char *, PQgetvalue, (const PGresult *res, int tup_num, int field_num), (res, tup_num, field_num)) \
    X(int, PQgetlength, (const PGresult *res, int tup_num, int field_num), (res, tup_num, field_num)) \
    X(char *, PQresultErrorField, (const PGresult *res, int fieldcode), (res, fieldcode)) \
    X(char *, PQresultErrorMessage, (const PGresult *res), (res))

#define VOID_FUNCTIONS(X) \
    X(PQfinish, (PGconn *conn), (conn)) \
    X(PQfreemem, (void *ptr), (ptr)) \
    X(PQclear, (PGresult *res), (res))

// Pipeline mode (libpq 14 and later): looked up but not required, so an older libpq5 still connects; a team
// library's statements then go one by one (favs_libpq_has_pipeline says which).
#define OPTIONAL_FUNCTIONS(X) \
    X(int, PQenterPipelineMode, (PGconn *conn), (conn)) \
    X(int, PQexitPipelineMode, (PGconn *conn), (conn)) \
    X(int, PQpipelineSync, (PGconn *conn), (conn))

#define POINTER(type, name, params, args) static type(*p_##name) params;
#define VOID_POINTER(name, params, args) static void(*p_##name) params;
FUNCTIONS(POINTER)
OPTIONAL_FUNCTIONS(POINTER)
VOID_FUNCTIONS(VOID_POINTER)

#define FORWARD(type, name, params, args) type favs_##name params { return p_##name args; }
#define VOID_FORWARD(name, params, args) void favs_##name params { p_##name args; }
FUNCTIONS(FORWARD)
VOID_FUNCTIONS(VOID_FORWARD)
// An optional function that is missing answers 0: libpq's own "not done".
#define OPTIONAL_FORWARD(type, name, params, args) type favs_##name params { return p_##name ? p_##name args : 0; }
OPTIONAL_FUNCTIONS(OPTIONAL_FORWARD)

static pthread_once_t once = PTHREAD_ONCE_INIT;
static char failure[512];

static void load(void) {
    // favs's messages are English, and it reads libpq's (`connection to server at … failed: REASON`) to word its
    // own (a server's reason is told by its SQLSTATE, its words being in the server's language): libpq's
    // translations are kept out (PGLOCALEDIR, read when libpq first translates, names no folder).
    setenv("PGLOCALEDIR", "/nonexistent/favs-keeps-libpq-in-english", 1);
    void *library = dlopen("libpq.so.5", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        const char *reason = dlerror();
        snprintf(failure, sizeof failure, "%s", reason ? reason : "libpq.so.5 cannot be loaded");
        return;
    }
    // OpenSSL (libpq's, loaded with it) cleans itself up at exit from an atexit handler, while another thread may
    // still be in it: a side connection logging in when `favs pick --select-1` prints and exits crashed there (exit
    // 139, after the output). favs never needs that cleanup, so it is turned off before libpq first initialises
    // OpenSSL (OPENSSL_INIT_NO_ATEXIT, 1.1.1b and later; the first call decides). Found through libpq's own
    // dependencies; a libpq without OpenSSL has none, and nothing is done.
    int (*init_crypto)(uint64_t, const void *);
    *(void **)&init_crypto = dlsym(library, "OPENSSL_init_crypto");
    if (init_crypto) init_crypto(0x00080000L /* OPENSSL_INIT_NO_ATEXIT */, NULL);
#define LOOK_UP(name) \
    if (!(*(void **)&p_##name = dlsym(library, #name))) { \
        snprintf(failure, sizeof failure, "libpq.so.5 has no %s", #name); \
        return; \
    }
#define LOOK_UP_FUNCTION(type, name, params, args) LOOK_UP(name)
#define LOOK_UP_VOID(name, params, args) LOOK_UP(name)
    FUNCTIONS(LOOK_UP_FUNCTION)
    VOID_FUNCTIONS(LOOK_UP_VOID)
#define LOOK_UP_OPTIONAL(type, name, params, args) *(void **)&p_##name = dlsym(library, #name);
    OPTIONAL_FUNCTIONS(LOOK_UP_OPTIONAL)
}

int favs_libpq_has_pipeline(void) {
    return p_PQenterPipelineMode && p_PQexitPipelineMode && p_PQpipelineSync;
}

int favs_libpq_load(char *error, size_t size) {
    pthread_once(&once, load);
    if (failure[0] == '\0') return 0;
    if (error && size > 0) snprintf(error, size, "%s", failure);
    return -1;
}
