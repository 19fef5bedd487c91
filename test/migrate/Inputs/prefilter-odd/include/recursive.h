// No include guard, on purpose.
#include "recursive.h"
