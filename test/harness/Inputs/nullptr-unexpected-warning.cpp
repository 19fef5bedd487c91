void f() {
  int *p = 0;
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: use nullptr [modernize-use-nullptr]
  // CHECK-FIXES: int *p = nullptr;
  int *q = 0;
  // No expectation for the warning on q: the harness must reject it.
}
