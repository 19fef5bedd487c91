#pragma once
#define TT_STR(x) #x
#define TT_XSTR(x) TT_STR(x)
#define TT_PATH(name) TT_XSTR(transformers/name.h)
