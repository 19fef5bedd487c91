// A named pipe (made by the test, fed once per run as a build would feed
// it): the scan never opens it, so the parse reads it, once, as clang does.
// When the scan read it first, the run waited for a second writer.
#include "odd_fifo.h"

int fifo() { return fifo_value; }
