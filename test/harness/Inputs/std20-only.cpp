// The second call only exists in C++20 mode, so its expectations hold only there.
void take(int *);
void f() {
  take(0);
  // CHECK-MESSAGES: :[[@LINE-1]]:8: warning: use nullptr [modernize-use-nullptr]
  // CHECK-FIXES: take(nullptr);
#if __cplusplus > 201703L
  take((int *)0);
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: use nullptr [modernize-use-nullptr]
  // CHECK-FIXES: take((int *)nullptr);
#endif
}
