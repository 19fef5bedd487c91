// Two configurations of one check, one with the NullMacros option.
#define MY_NULL 0
void take(int *);
void f() {
  take(MY_NULL);
  // CHECK-MESSAGES-MACRO: :[[@LINE-1]]:8: warning: use nullptr [modernize-use-nullptr]
  // CHECK-FIXES-MACRO: take(nullptr);
  // CHECK-FIXES-DEFAULT: take(MY_NULL);
  take(0);
  // CHECK-MESSAGES-DEFAULT: :[[@LINE-1]]:8: warning: use nullptr [modernize-use-nullptr]
  // CHECK-MESSAGES-MACRO: :[[@LINE-2]]:8: warning: use nullptr [modernize-use-nullptr]
  // CHECK-FIXES-DEFAULT: take(nullptr);
}
