#include <uchardet/uchardet.h>
