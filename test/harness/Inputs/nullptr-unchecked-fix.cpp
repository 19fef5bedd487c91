// The warning is expected but the fix is not: the harness must notice that
// the file changed although no CHECK-FIXES line describes the change.
void f() {
  int *p = 0;
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: use nullptr [modernize-use-nullptr]
}
