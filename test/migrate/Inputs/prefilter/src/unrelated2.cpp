// Mentions the library only in a disabled #include: skipped, because the
// scan preprocesses (a textual guess would keep it).
#include "util.h"
#if 0
#include <transformers/transformers.h>
#endif

int unrelated2() { return util_answer(); }
