// libpq, PostgreSQL's client library (Debian's libpq-dev puts it under postgresql/).
#include <postgresql/libpq-fe.h>
