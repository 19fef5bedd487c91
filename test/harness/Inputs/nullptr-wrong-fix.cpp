void f() {
  int *p = 0;
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: use nullptr [modernize-use-nullptr]
  // The expected fix is wrong on purpose.
  // CHECK-FIXES: int *p = NULL;
}
