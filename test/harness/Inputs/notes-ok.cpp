void f(int a, int b);
// CHECK-NOTES: :[[@LINE-1]]:6: warning: function 'f' has a definition with different parameter names [readability-inconsistent-declaration-parameter-name]
// CHECK-NOTES: :[[@LINE+3]]:6: note: the definition seen here
// CHECK-NOTES: :[[@LINE-3]]:6: note: differing parameters are named here: ('a', 'b'), in definition: ('x', 'y')

void f(int x, int y) {}
