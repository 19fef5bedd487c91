void f() {
  int *p = 0;
  // The column is wrong on purpose: the warning is at 12.
  // CHECK-MESSAGES: :[[@LINE-2]]:13: warning: use nullptr [modernize-use-nullptr]
  // CHECK-FIXES: int *p = nullptr;
}
