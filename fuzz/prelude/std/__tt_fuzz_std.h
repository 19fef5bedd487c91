// A declarations-only C++ standard library for fuzz-analysis.
//
// The fuzzer parses every input against the real transformers headers
// (include/transformers). With libstdc++ behind them one parse takes ~0.7 s,
// which makes fuzzing pointless; this file declares just the part of the
// standard library those headers and typical user code use, with the same
// template shapes the analysis inspects (std::tuple<Ts...> with one pack,
// std::vector<T, Alloc>, std::array<T, N>, std::pair<A, B>,
// std::shared_ptr<T>, std::optional<T>, std::nullopt_t). Code is only
// parsed (-fsyntax-only), never linked, so most functions are declared, not
// defined; templates the headers instantiate in constant expressions or with
// deduced return types are defined.
//
// Every standard header name in this directory includes this one file.
#ifndef TT_FUZZ_STD_H
#define TT_FUZZ_STD_H

namespace std {
using size_t = decltype(sizeof 0);
using ptrdiff_t =
    decltype(static_cast<int *>(nullptr) - static_cast<int *>(nullptr));
using nullptr_t = decltype(nullptr);
using int8_t = signed char;
using int16_t = short;
using int32_t = int;
using int64_t = long;
using uint8_t = unsigned char;
using uint16_t = unsigned short;
using uint32_t = unsigned int;
using uint64_t = unsigned long;
} // namespace std
using std::int16_t;
using std::int32_t;
using std::int64_t;
using std::int8_t;
using std::nullptr_t;
using std::ptrdiff_t;
using std::size_t;
using std::uint16_t;
using std::uint32_t;
using std::uint64_t;
using std::uint8_t;

extern "C" int printf(const char *, ...);
extern "C" int puts(const char *);
extern "C" void abort();
extern "C" void exit(int);
#define assert(X) ((void)(X))
#define EXIT_SUCCESS 0
#define EXIT_FAILURE 1

namespace std {
using ::abort;
using ::exit;
using ::printf;
using ::puts;

// <type_traits>
template <class T, T V> struct integral_constant {
  static constexpr T value = V;
  using value_type = T;
  using type = integral_constant;
  constexpr operator T() const { return V; }
};
using true_type = integral_constant<bool, true>;
using false_type = integral_constant<bool, false>;
template <bool B> using bool_constant = integral_constant<bool, B>;

template <class A, class B> struct is_same : false_type {};
template <class A> struct is_same<A, A> : true_type {};
template <class A, class B>
inline constexpr bool is_same_v = is_same<A, B>::value;

template <class T> struct remove_const {
  using type = T;
};
template <class T> struct remove_const<const T> {
  using type = T;
};
template <class T> struct remove_volatile {
  using type = T;
};
template <class T> struct remove_volatile<volatile T> {
  using type = T;
};
template <class T> struct remove_cv {
  using type = typename remove_volatile<typename remove_const<T>::type>::type;
};
template <class T> using remove_cv_t = typename remove_cv<T>::type;
template <class T> using remove_const_t = typename remove_const<T>::type;
template <class T> struct remove_reference {
  using type = T;
};
template <class T> struct remove_reference<T &> {
  using type = T;
};
template <class T> struct remove_reference<T &&> {
  using type = T;
};
template <class T>
using remove_reference_t = typename remove_reference<T>::type;
template <class T> struct remove_cvref {
  using type = remove_cv_t<remove_reference_t<T>>;
};
template <class T> using remove_cvref_t = typename remove_cvref<T>::type;
template <class T> struct decay {
  using type = remove_cvref_t<T>;
};
template <class T> using decay_t = typename decay<T>::type;

template <bool B, class T = void> struct enable_if {};
template <class T> struct enable_if<true, T> {
  using type = T;
};
template <bool B, class T = void>
using enable_if_t = typename enable_if<B, T>::type;
template <bool B, class T, class F> struct conditional {
  using type = T;
};
template <class T, class F> struct conditional<false, T, F> {
  using type = F;
};
template <bool B, class T, class F>
using conditional_t = typename conditional<B, T, F>::type;

template <class B, class D>
struct is_base_of : bool_constant<__is_base_of(B, D)> {};
template <class B, class D>
inline constexpr bool is_base_of_v = is_base_of<B, D>::value;
template <class F, class T>
struct is_convertible : bool_constant<__is_convertible_to(F, T)> {};
template <class F, class T>
inline constexpr bool is_convertible_v = is_convertible<F, T>::value;
template <class T, class... A>
struct is_constructible : bool_constant<__is_constructible(T, A...)> {};
template <class T, class... A>
inline constexpr bool is_constructible_v = is_constructible<T, A...>::value;
template <class T> struct is_reference : false_type {};
template <class T> struct is_reference<T &> : true_type {};
template <class T> struct is_reference<T &&> : true_type {};
template <class T> struct is_const : false_type {};
template <class T> struct is_const<const T> : true_type {};
template <class T> struct is_void : is_same<remove_cv_t<T>, void> {};
template <class T> struct is_integral : bool_constant<__is_integral(T)> {};
template <class T> inline constexpr bool is_integral_v = is_integral<T>::value;

template <class T> T &&declval() noexcept;

// <utility>
template <class T> constexpr remove_reference_t<T> &&move(T &&t) noexcept {
  return static_cast<remove_reference_t<T> &&>(t);
}
template <class T> constexpr T &&forward(remove_reference_t<T> &t) noexcept {
  return static_cast<T &&>(t);
}
template <class T> constexpr T &&forward(remove_reference_t<T> &&t) noexcept {
  return static_cast<T &&>(t);
}
template <class T> void swap(T &a, T &b) noexcept;

template <class T, T... I> struct integer_sequence {};
template <size_t... I> using index_sequence = integer_sequence<size_t, I...>;
template <size_t N>
using make_index_sequence = __make_integer_seq<integer_sequence, size_t, N>;

template <class T> class initializer_list {
  const T *B;
  size_t N;
  constexpr initializer_list(const T *B, size_t N) : B(B), N(N) {}

public:
  constexpr initializer_list() : B(nullptr), N(0) {}
  constexpr size_t size() const { return N; }
  constexpr const T *begin() const { return B; }
  constexpr const T *end() const { return B + N; }
};
template <class T> constexpr const T *begin(initializer_list<T> l) {
  return l.begin();
}
template <class T> constexpr const T *end(initializer_list<T> l) {
  return l.end();
}

template <class T> struct tuple_size;
template <size_t I, class T> struct tuple_element;
template <size_t I, class T>
using tuple_element_t = typename tuple_element<I, T>::type;
template <class T> struct tuple_size<const T> : tuple_size<T> {};
template <size_t I, class T> struct tuple_element<I, const T> {
  using type = const tuple_element_t<I, T>;
};

template <class A, class B> struct pair {
  using first_type = A;
  using second_type = B;
  A first;
  B second;
  pair();
  pair(const A &a, const B &b);
  template <class U1, class U2> pair(U1 &&a, U2 &&b);
  template <class U1, class U2> pair(const pair<U1, U2> &p);
  template <class U1, class U2> pair(pair<U1, U2> &&p);
  pair(const pair &);
  pair(pair &&);
  pair &operator=(const pair &);
  pair &operator=(pair &&);
};
template <class A, class B> pair(A, B) -> pair<A, B>;
template <class A, class B> pair<decay_t<A>, decay_t<B>> make_pair(A &&, B &&);
template <class A, class B>
bool operator==(const pair<A, B> &, const pair<A, B> &);
template <class A, class B>
struct tuple_size<pair<A, B>> : integral_constant<size_t, 2> {};
template <class A, class B> struct tuple_element<0, pair<A, B>> {
  using type = A;
};
template <class A, class B> struct tuple_element<1, pair<A, B>> {
  using type = B;
};
template <size_t I, class A, class B>
tuple_element_t<I, pair<A, B>> &get(pair<A, B> &) noexcept;
template <size_t I, class A, class B>
const tuple_element_t<I, pair<A, B>> &get(const pair<A, B> &) noexcept;
template <size_t I, class A, class B>
tuple_element_t<I, pair<A, B>> &&get(pair<A, B> &&) noexcept;

// <tuple>
template <class... Ts> class tuple {
public:
  tuple();
  template <bool B = true, enable_if_t<B && (sizeof...(Ts) > 0), int> = 0>
  tuple(const Ts &...ts);
  template <class... Us,
            enable_if_t<sizeof...(Us) == sizeof...(Ts) && (sizeof...(Us) > 0) &&
                            (is_constructible<Ts, Us &&>::value && ...),
                        int> = 0>
  tuple(Us &&...us);
  template <class... Us, enable_if_t<sizeof...(Us) == sizeof...(Ts), int> = 0>
  tuple(const tuple<Us...> &other);
  template <class A, class B,
            enable_if_t<sizeof...(Ts) == 2 && is_same<A, A>::value, int> = 0>
  tuple(const pair<A, B> &p);
  tuple(const tuple &);
  tuple(tuple &&);
  tuple &operator=(const tuple &);
  tuple &operator=(tuple &&);
};
template <class... Ts> tuple(Ts...) -> tuple<Ts...>;
template <class A, class B> tuple(pair<A, B>) -> tuple<A, B>;
template <class... Ts>
bool operator==(const tuple<Ts...> &, const tuple<Ts...> &);

template <class... Ts>
struct tuple_size<tuple<Ts...>> : integral_constant<size_t, sizeof...(Ts)> {};
template <size_t I, class H, class... Ts>
struct tuple_element<I, tuple<H, Ts...>> : tuple_element<I - 1, tuple<Ts...>> {
};
template <class H, class... Ts> struct tuple_element<0, tuple<H, Ts...>> {
  using type = H;
};
template <size_t I, class... Ts>
tuple_element_t<I, tuple<Ts...>> &get(tuple<Ts...> &) noexcept;
template <size_t I, class... Ts>
const tuple_element_t<I, tuple<Ts...>> &get(const tuple<Ts...> &) noexcept;
template <size_t I, class... Ts>
tuple_element_t<I, tuple<Ts...>> &&get(tuple<Ts...> &&) noexcept;
template <class... Ts> tuple<decay_t<Ts>...> make_tuple(Ts &&...);
template <class... Ts> tuple<Ts &...> tie(Ts &...) noexcept;
template <class... Ts> tuple<Ts &&...> forward_as_tuple(Ts &&...) noexcept;

template <class F, class Tup, size_t... I>
constexpr decltype(auto) tt_apply(F &&f, Tup &&t, index_sequence<I...>) {
  return static_cast<F &&>(f)(get<I>(static_cast<Tup &&>(t))...);
}
template <class F, class Tup> constexpr decltype(auto) apply(F &&f, Tup &&t) {
  return tt_apply(
      static_cast<F &&>(f), static_cast<Tup &&>(t),
      make_index_sequence<tuple_size<remove_cvref_t<Tup>>::value>{});
}

// <iterator>
struct input_iterator_tag {};
struct output_iterator_tag {};
struct forward_iterator_tag : input_iterator_tag {};
struct bidirectional_iterator_tag : forward_iterator_tag {};
struct random_access_iterator_tag : bidirectional_iterator_tag {};
template <class C> auto begin(C &c) -> decltype(c.begin());
template <class C> auto begin(const C &c) -> decltype(c.begin());
template <class C> auto end(C &c) -> decltype(c.end());
template <class C> auto end(const C &c) -> decltype(c.end());
template <class C> auto size(const C &c) -> decltype(c.size());

// <memory>
template <class T> struct allocator {
  using value_type = T;
};
template <class T, class Alloc = allocator<T>> class vector {
public:
  using value_type = T;
  using size_type = size_t;
  using reference = T &;
  using const_reference = const T &;
  using iterator = T *;
  using const_iterator = const T *;
  vector();
  explicit vector(size_t n);
  vector(size_t n, const T &v);
  vector(initializer_list<T> l);
  template <class It, enable_if_t<!is_integral<It>::value, int> = 0>
  vector(It first, It last);
  vector(const vector &);
  vector(vector &&) noexcept;
  ~vector();
  vector &operator=(const vector &);
  vector &operator=(vector &&) noexcept;
  vector &operator=(initializer_list<T>);
  void push_back(const T &);
  void push_back(T &&);
  template <class... A> T &emplace_back(A &&...);
  void pop_back();
  size_t size() const;
  bool empty() const;
  void clear();
  void reserve(size_t);
  void resize(size_t);
  void resize(size_t, const T &);
  T &operator[](size_t);
  const T &operator[](size_t) const;
  T &at(size_t);
  const T &at(size_t) const;
  T &front();
  const T &front() const;
  T &back();
  const T &back() const;
  T *data();
  const T *data() const;
  T *begin();
  const T *begin() const;
  T *end();
  const T *end() const;
  T *insert(const T *pos, const T &v);
  template <class It> T *insert(const T *pos, It first, It last);
  T *erase(const T *pos);
  T *erase(const T *first, const T *last);
};
template <class T, class A>
bool operator==(const vector<T, A> &, const vector<T, A> &);
template <class T, class A>
bool operator!=(const vector<T, A> &, const vector<T, A> &);

template <class T, size_t N> struct array {
  using value_type = T;
  T Elems[N ? N : 1];
  constexpr size_t size() const { return N; }
  constexpr bool empty() const { return N == 0; }
  T &operator[](size_t i) { return Elems[i]; }
  const T &operator[](size_t i) const { return Elems[i]; }
  T *begin() { return Elems; }
  const T *begin() const { return Elems; }
  T *end() { return Elems + N; }
  const T *end() const { return Elems + N; }
  T *data() { return Elems; }
  const T *data() const { return Elems; }
  T &front() { return Elems[0]; }
  T &back() { return Elems[N - 1]; }
};
template <class T, class... U> array(T, U...) -> array<T, 1 + sizeof...(U)>;
template <class T, size_t N>
struct tuple_size<array<T, N>> : integral_constant<size_t, N> {};
template <size_t I, class T, size_t N> struct tuple_element<I, array<T, N>> {
  using type = T;
};
template <size_t I, class T, size_t N> T &get(array<T, N> &) noexcept;
template <size_t I, class T, size_t N>
const T &get(const array<T, N> &) noexcept;

template <class T> class shared_ptr {
public:
  using element_type = T;
  constexpr shared_ptr() noexcept;
  constexpr shared_ptr(nullptr_t) noexcept;
  template <class Y, enable_if_t<__is_convertible_to(Y *, T *), int> = 0>
  explicit shared_ptr(Y *p);
  shared_ptr(const shared_ptr &) noexcept;
  shared_ptr(shared_ptr &&) noexcept;
  template <class Y, enable_if_t<__is_convertible_to(Y *, T *), int> = 0>
  shared_ptr(const shared_ptr<Y> &) noexcept;
  template <class Y, enable_if_t<__is_convertible_to(Y *, T *), int> = 0>
  shared_ptr(shared_ptr<Y> &&) noexcept;
  ~shared_ptr();
  shared_ptr &operator=(const shared_ptr &) noexcept;
  shared_ptr &operator=(shared_ptr &&) noexcept;
  template <class Y> shared_ptr &operator=(const shared_ptr<Y> &) noexcept;
  template <class Y> shared_ptr &operator=(shared_ptr<Y> &&) noexcept;
  T *get() const noexcept;
  T &operator*() const noexcept;
  T *operator->() const noexcept;
  explicit operator bool() const noexcept;
  void reset() noexcept;
  long use_count() const noexcept;
};
template <class T, class U>
bool operator==(const shared_ptr<T> &, const shared_ptr<U> &) noexcept;
template <class T, class U>
bool operator!=(const shared_ptr<T> &, const shared_ptr<U> &) noexcept;
template <class T> bool operator==(const shared_ptr<T> &, nullptr_t) noexcept;
template <class T> bool operator!=(const shared_ptr<T> &, nullptr_t) noexcept;
template <class T, class... A> shared_ptr<T> make_shared(A &&...);
template <class T, class U>
shared_ptr<T> dynamic_pointer_cast(const shared_ptr<U> &) noexcept;
template <class T, class U>
shared_ptr<T> static_pointer_cast(const shared_ptr<U> &) noexcept;
template <class T, class U>
shared_ptr<T> const_pointer_cast(const shared_ptr<U> &) noexcept;

template <class T> struct default_delete {
  void operator()(T *) const;
};
template <class T, class D = default_delete<T>> class unique_ptr {
public:
  using element_type = T;
  constexpr unique_ptr() noexcept;
  constexpr unique_ptr(nullptr_t) noexcept;
  explicit unique_ptr(T *) noexcept;
  unique_ptr(unique_ptr &&) noexcept;
  template <class U, enable_if_t<__is_convertible_to(U *, T *), int> = 0>
  unique_ptr(unique_ptr<U> &&) noexcept;
  unique_ptr(const unique_ptr &) = delete;
  ~unique_ptr();
  unique_ptr &operator=(unique_ptr &&) noexcept;
  unique_ptr &operator=(const unique_ptr &) = delete;
  T *get() const noexcept;
  T &operator*() const;
  T *operator->() const noexcept;
  explicit operator bool() const noexcept;
  T *release() noexcept;
  void reset(T * = nullptr) noexcept;
};
template <class T, class... A> unique_ptr<T> make_unique(A &&...);

// <optional>
struct nullopt_t {
  explicit constexpr nullopt_t(int) {}
};
inline constexpr nullopt_t nullopt{0};
template <class T> class optional {
public:
  using value_type = T;
  constexpr optional() noexcept;
  constexpr optional(nullopt_t) noexcept;
  optional(const optional &);
  optional(optional &&);
  template <class U = T,
            enable_if_t<is_constructible<T, U &&>::value &&
                            !is_same<remove_cvref_t<U>, optional>::value,
                        int> = 0>
  optional(U &&v);
  ~optional();
  optional &operator=(nullopt_t) noexcept;
  optional &operator=(const optional &);
  optional &operator=(optional &&);
  template <class U = T,
            enable_if_t<!is_same<remove_cvref_t<U>, optional>::value, int> = 0>
  optional &operator=(U &&v);
  template <class... A> T &emplace(A &&...);
  void reset() noexcept;
  bool has_value() const noexcept;
  explicit operator bool() const noexcept;
  T &value() &;
  const T &value() const &;
  template <class U> T value_or(U &&) const &;
  T &operator*() &;
  const T &operator*() const &;
  T *operator->();
  const T *operator->() const;
};
template <class T> optional(T) -> optional<T>;
template <class T, class U> bool operator==(const optional<T> &, const U &);
template <class T> bool operator==(const optional<T> &, nullopt_t);
template <class T> bool operator!=(const optional<T> &, nullopt_t);
template <class T> optional<decay_t<T>> make_optional(T &&);

// <string>
class string {
public:
  using value_type = char;
  using size_type = size_t;
  static constexpr size_t npos = static_cast<size_t>(-1);
  string();
  string(const char *);
  string(const char *, size_t);
  string(size_t, char);
  string(const string &);
  string(string &&) noexcept;
  ~string();
  string &operator=(const string &);
  string &operator=(string &&) noexcept;
  string &operator=(const char *);
  string &operator+=(const string &);
  string &operator+=(const char *);
  string &operator+=(char);
  size_t size() const;
  size_t length() const;
  bool empty() const;
  const char *c_str() const;
  const char *data() const;
  char &operator[](size_t);
  const char &operator[](size_t) const;
  size_t find(const string &, size_t = 0) const;
  string substr(size_t = 0, size_t = npos) const;
  const char *begin() const;
  const char *end() const;
};
string operator+(const string &, const string &);
string operator+(const string &, const char *);
string operator+(const char *, const string &);
bool operator==(const string &, const string &);
bool operator==(const string &, const char *);
bool operator!=(const string &, const string &);
bool operator!=(const string &, const char *);
bool operator<(const string &, const string &);
string to_string(int);
string to_string(long);
string to_string(unsigned long);
string to_string(double);

// <exception>, <stdexcept>
class exception {
public:
  exception() noexcept;
  virtual ~exception();
  virtual const char *what() const noexcept;
};
class logic_error : public exception {
public:
  explicit logic_error(const string &);
  explicit logic_error(const char *);
};
class runtime_error : public exception {
public:
  explicit runtime_error(const string &);
  explicit runtime_error(const char *);
};
class invalid_argument : public logic_error {
public:
  explicit invalid_argument(const string &);
  explicit invalid_argument(const char *);
};
class out_of_range : public logic_error {
public:
  explicit out_of_range(const string &);
  explicit out_of_range(const char *);
};

// <iostream>, <fstream>
class ostream {
public:
  ostream &operator<<(const char *);
  ostream &operator<<(const string &);
  ostream &operator<<(char);
  ostream &operator<<(bool);
  ostream &operator<<(int);
  ostream &operator<<(unsigned);
  ostream &operator<<(long);
  ostream &operator<<(unsigned long);
  ostream &operator<<(long long);
  ostream &operator<<(double);
  ostream &operator<<(const void *);
  ostream &operator<<(ostream &(*)(ostream &));
  ostream &flush();
};
ostream &endl(ostream &);
extern ostream cout;
extern ostream cerr;
class ofstream : public ostream {
public:
  ofstream();
  explicit ofstream(const char *);
  explicit ofstream(const string &);
  bool is_open() const;
  void close();
};

// <functional>, <algorithm>
template <class T> class function;
template <class R, class... A> class function<R(A...)> {
public:
  function();
  template <class F> function(F);
  R operator()(A...) const;
  explicit operator bool() const;
};
template <class It, class T> It find(It, It, const T &);
template <class It, class F> F for_each(It, It, F);
template <class T> const T &min(const T &, const T &);
template <class T> const T &max(const T &, const T &);
} // namespace std

#endif // TT_FUZZ_STD_H
