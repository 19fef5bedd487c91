// Includes a header that includes itself, without a guard: the include
// depth limit ends it with an error.
#include "recursive.h"

int recursive() { return 0; }
