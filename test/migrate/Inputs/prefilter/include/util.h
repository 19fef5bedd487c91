#pragma once
inline int util_answer() { return 42; }
