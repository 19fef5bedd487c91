// Nothing here for modernize-use-nullptr.
void take(int *);
void f(int *p) { take(p); take(nullptr); }
