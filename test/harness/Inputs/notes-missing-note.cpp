void f(int a, int b);
// CHECK-NOTES: :[[@LINE-1]]:6: warning: function 'f' has a definition with different parameter names [readability-inconsistent-declaration-parameter-name]
// CHECK-NOTES: :[[@LINE+2]]:6: note: the definition seen here

void f(int x, int y) {}
