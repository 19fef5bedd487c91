// Part of the fuzz-analysis prelude: see __tt_fuzz_std.h.
#include "__tt_fuzz_std.h"
