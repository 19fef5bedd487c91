// This file has no CHECK lines at all: the test asserts nothing.
void f() {
  int *p = 0;
}
