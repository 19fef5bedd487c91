// Passed with -expect-clean, but the check fires.
void f() { int *p = 0; (void)p; }
