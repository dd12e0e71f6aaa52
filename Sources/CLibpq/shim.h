// libpq, PostgreSQL's client library (Debian's libpq-dev puts it under postgresql/).
// Types and constants only: Pinmap opens libpq at run time (PinStorePostgres/Libpq.swift),
// so the module map links nothing.
#include <postgresql/libpq-fe.h>
