// The configured factory does not exist, so the applied fix does not compile.
#include <memory>
struct S { int x; };
void f() {
  auto p = std::unique_ptr<S>(new S);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: use missing::make_unique instead [modernize-make-unique]
  // CHECK-FIXES: auto p = missing::make_unique<S>();
}
