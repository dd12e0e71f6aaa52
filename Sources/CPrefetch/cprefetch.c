/* Everything is in include/cprefetch.h (inline); a target needs a source file. */
#include "cprefetch.h"
