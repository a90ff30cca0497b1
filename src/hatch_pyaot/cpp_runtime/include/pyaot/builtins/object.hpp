#pragma once
// Objects of the program's classes (DESIGN §5.1, §5.7): each class is a struct of its
// fields deriving from its base's (single inheritance), with `pyaot::object` at the root: an
// intrusive, non-atomic reference count (one thread per call), the class id that
// isinstance() and method dispatch test (no RTTI), and `origin`, the Python object it was
// converted from or to (pyaot/python/object.hpp), so that an object crossing the boundary
// twice is one Python object. `pyaot::ref<T>` is the handle: copying it shares the object,
// as Python names do.
//
// Freeing an object frees what its fields hold; a long chain (a linked list) would nest one
// destructor per node, so objects released while another is being freed wait in a list
// and are freed one after the other (CPython's "trashcan" does the same).
//
// Reference cycles between objects are not collected: an object that reaches itself is
// never freed (docs/objects.md).

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>

#include "pyaot/counted.hpp"
#include "pyaot/none.hpp"
#include "pyaot/small_heap.hpp"

namespace pyaot {

struct object {
  static void* operator new(std::size_t size) { return detail::allocate(size); }
  static void operator delete(void* p, std::size_t size) { detail::deallocate(p, size); }
  std::int64_t refs = 0;
  std::int32_t class_id = 0;
  bool visiting = false;   ///< being written to its Python object (cycles stop here)
  /// The free list its box goes back to (detail::size_class of its most derived class's
  /// size, set by that class's constructor); 0: freed by `delete`.
  std::uint8_t box_class = 0;
  void* origin = nullptr;  ///< the PyObject* it is, while it lives (a strong reference)
  object() = default;
  object(const object&) = delete;
  object& operator=(const object&) = delete;
  virtual ~object();
  /// Python's repr() of the object: `<module.Name object at 0x...>` unless the class says.
  virtual void repr_into(std::string& out) const;
  virtual const char* type_name() const noexcept { return "object"; }
};

/// Drops the Python object an object was paired with (set by pyaot/python/object.hpp).
inline void (*release_origin)(object*) = nullptr;

inline object::~object() {
  if (origin != nullptr && release_origin != nullptr) release_origin(this);
}

inline void object::repr_into(std::string& out) const {
  char address[32];
  std::snprintf(address, sizeof address, "%p", static_cast<const void*>(this));
  out += '<';
  out += type_name();
  out += " object at ";
  out += address;
  out += '>';
}

namespace detail {

/// Runs the destructor of `p`, then gives its box back: straight to its free list when its
/// class set one (no second thread-local lookup), else through `delete`.
inline void free_one(Heap& h, object* p) {
  if (const std::uint8_t k = p->box_class) {
    p->~object();
    deallocate_class(h, p, k);
  } else {
    delete p;
  }
}

inline void destroy(object* p) {
  Heap& h = heap();
  if (h.freeing) {
    p->refs = static_cast<std::int64_t>(reinterpret_cast<std::intptr_t>(h.pending));
    h.pending = p;
    return;
  }
  h.freeing = true;
  free_one(h, p);
  while (h.pending != nullptr) {
    object* next = h.pending;
    h.pending = reinterpret_cast<object*>(static_cast<std::intptr_t>(next->refs));
    free_one(h, next);
  }
  h.freeing = false;
}

}  // namespace detail

/// How an object goes when its last handle does (its destructor, then its size's free list).
struct destroy_object {
  void operator()(object* p) const { detail::destroy(p); }
};

template <class T>
class ref {
 public:
  ref() = default;  ///< no object yet: a local before its first assignment
  /// An object of a subclass seen as one of its base class.
  template <class U>
  ref(const ref<U>& other) noexcept : p_(handle::borrow(other.raw())) {  // NOLINT: implicit
    static_assert(std::is_base_of_v<T, U>);
  }

  /// A new object, its fields at their defaults.
  static ref make() { return adopt(new T()); }
  /// A handle to an object that is held elsewhere already.
  static ref borrow(T* p) noexcept {
    ref out;
    out.p_ = handle::borrow(p);
    return out;
  }

  T* get() const noexcept { return static_cast<T*>(p_.get()); }
  T* operator->() const noexcept { return get(); }
  object* raw() const noexcept { return p_.get(); }
  /// The object seen as the subclass `U` it is an instance of (its class id said so).
  template <class U>
  ref<U> down() const noexcept {
    return ref<U>::borrow(static_cast<U*>(get()));
  }
  /// The object as the subclass `U` it is an instance of, borrowed: a field read
  /// (`x.as<U>()->f`) costs no reference count change.
  template <class U>
  U* as() const noexcept {
    return static_cast<U*>(get());
  }
  void repr_into(std::string& out) const { p_->repr_into(out); }

 private:
  using handle = counted<object, destroy_object>;
  static ref adopt(T* p) noexcept {
    p->refs = 1;
    ref out;
    out.p_ = handle::adopt(p);
    return out;
  }
  handle p_;
};

/// Python's `a < b` of two objects inside a sort (their class's __lt__, which leaves an
/// exception pending if it raises: the sort's caller checks), and `a == b` inside list
/// comparisons (__eq__, else identity).
template <class T>
bool operator<(const ref<T>& a, const ref<T>& b) {
  return T::less(a, b);
}
template <class T>
bool operator==(const ref<T>& a, const ref<T>& b) {
  if constexpr (requires { T::equal(a, b); }) {
    return T::equal(a, b);
  } else {
    return a.raw() == b.raw();
  }
}

/// hash() of an object, a dict key or set item: its class's __hash__ (an exception it raises
/// stays pending, as in a sort), else its identity, as CPython's default (the address with
/// its low 4 bits, always 0, rotated away). typing refuses a class with __eq__ and no
/// __hash__ (CPython's `unhashable type`), so equal objects hash alike.
template <class T>
std::int64_t py_hash(const ref<T>& a) {
  if constexpr (requires { T::hash(a); }) {
    return T::hash(a);
  } else {
    const auto p = reinterpret_cast<std::uintptr_t>(a.raw());
    const auto h = static_cast<std::int64_t>((p >> 4) | (p << (8 * sizeof(p) - 4)));
    return h == -1 ? -2 : h;
  }
}

/// repr() of an object as a key, for KeyError's message.
template <class T>
void append_repr(std::string& out, const ref<T>& a) {
  a.repr_into(out);
}

/// The address `is` compares: of an object, of an Optional object (null for None), of None.
template <class T>
const void* address_of(const ref<T>& value) noexcept {
  return value.raw();
}
template <class T>
const void* address_of(const std::optional<ref<T>>& value) noexcept {
  return value.has_value() ? value->raw() : nullptr;
}
inline const void* address_of(None) noexcept { return nullptr; }

}  // namespace pyaot
