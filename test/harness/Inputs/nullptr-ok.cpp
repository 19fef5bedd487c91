// A correct annotated input for modernize-use-nullptr.
void take(int *);

void f() {
  int *p = 0;
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: use nullptr [modernize-use-nullptr]
  // CHECK-FIXES: int *p = nullptr;
  take(0);
  // CHECK-MESSAGES: :[[@LINE-1]]:8: warning: use nullptr [modernize-use-nullptr]
  // CHECK-FIXES: take(nullptr);
  take(p);
}
