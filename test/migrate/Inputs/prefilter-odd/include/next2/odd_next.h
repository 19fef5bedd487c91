// The second odd_next.h: brings the library.
#include <transformers/transformers.h>
