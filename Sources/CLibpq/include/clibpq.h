// libpq, PostgreSQL's own C client (Debian's libpq5), loaded when a team library is first opened rather than
// when favs starts: libpq brings some twenty libraries of its own (OpenSSL, Kerberos, LDAP, GnuTLS), and loading
// them at every launch cost 4-5 ms of a command that touches no server. The types are libpq-fe.h's
// (libpq-dev); each function favs uses is here as favs_PQ..., forwarded to libpq's own once loaded.
#ifndef CLIBPQ_H
#define CLIBPQ_H

#include <postgresql/libpq-fe.h>
#include <stddef.h>

/// Loads libpq.so.5 (once; any thread): 0 when it and every function below are there, else -1 with the
/// loader's words in `error` (NUL-terminated, at most `size` bytes). Call before any favs_PQ function.
int favs_libpq_load(char *error, size_t size);

PGconn *favs_PQconnectStartParams(const char *const *keywords, const char *const *values, int expand_dbname);
PostgresPollingStatusType favs_PQconnectPoll(PGconn *conn);
ConnStatusType favs_PQstatus(const PGconn *conn);
int favs_PQsetnonblocking(PGconn *conn, int arg);
PQnoticeProcessor favs_PQsetNoticeProcessor(PGconn *conn, PQnoticeProcessor proc, void *arg);
int favs_PQconnectionNeedsPassword(const PGconn *conn);
PGVerbosity favs_PQsetErrorVerbosity(PGconn *conn, PGVerbosity verbosity);
char *favs_PQerrorMessage(const PGconn *conn);
int favs_PQsocket(const PGconn *conn);
void favs_PQfinish(PGconn *conn);
int favs_PQsendQueryParams(PGconn *conn, const char *command, int nParams, const Oid *paramTypes,
                           const char *const *paramValues, const int *paramLengths, const int *paramFormats,
                           int resultFormat);
int favs_PQsendQuery(PGconn *conn, const char *query);
int favs_PQsetSingleRowMode(PGconn *conn);
int favs_PQflush(PGconn *conn);
int favs_PQconsumeInput(PGconn *conn);
int favs_PQisBusy(PGconn *conn);
PGresult *favs_PQgetResult(PGconn *conn);
int favs_PQputCopyData(PGconn *conn, const char *buffer, int nbytes);
int favs_PQputCopyEnd(PGconn *conn, const char *errormsg);
PGnotify *favs_PQnotifies(PGconn *conn);
void favs_PQfreemem(void *ptr);
ExecStatusType favs_PQresultStatus(const PGresult *res);
void favs_PQclear(PGresult *res);
int favs_PQntuples(const PGresult *res);
int favs_PQnfields(const PGresult *res);
int favs_PQgetisnull(const PGresult *res, int tup_num, int field_num);
char *favs_PQgetvalue(const PGresult *res, int tup_num, int field_num);
int favs_PQgetlength(const PGresult *res, int tup_num, int field_num);
char *favs_PQresultErrorField(const PGresult *res, int fieldcode);
char *favs_PQresultErrorMessage(const PGresult *res);

/// Whether the libpq loaded has pipeline mode (libpq 14 and later); without it the three below answer 0.
int favs_libpq_has_pipeline(void);
int favs_PQenterPipelineMode(PGconn *conn);
int favs_PQexitPipelineMode(PGconn *conn);
int favs_PQpipelineSync(PGconn *conn);

#endif
