// The first odd_next.h on the include path hands over to the next one.
#include_next <odd_next.h>
