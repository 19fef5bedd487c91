// Included twice, under two names (once/link.h is a symlink to it): #pragma
// once knows it is the same file, so OddOnce is defined once.
#pragma once
#include <transformers/transformers.h>

struct OddOnce {};
