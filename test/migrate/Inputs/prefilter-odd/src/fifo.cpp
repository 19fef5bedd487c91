// A named pipe with no writer (made by the test): never opened, exit 3.
#include "odd_fifo.h"

int fifo() { return 0; }
