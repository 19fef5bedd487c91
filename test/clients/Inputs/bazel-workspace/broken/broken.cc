// __builtin_apply_args is a GCC builtin that clang does not have.
void *arguments() { return __builtin_apply_args(); }
