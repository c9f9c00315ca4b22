#pragma once
// Plumbing shared by papbench's re-implementations of MPICH 3.0.4's point-to-point collectives
// ([MPICH] src/mpi/coll/*.c at tag v3.0.4; [Parsons2015] §3.7, the thesis' "MPICH" baselines):
// byte addressing of typed buffers, MPICH's power-of-two helper and MPIR_Localcopy for the
// contiguous predefined types papbench passes. Each algorithm stays in its own file; only
// plumbing lives here, so results never depend on the installed library's choices.

#include <mpi.h>

#include <cstddef>
#include <cstring>
#include <utility>

#include "collectives/reduce/reduce_common.hpp"

namespace papbench::mpich {

using reduce_detail::absolute;
using reduce_detail::combine;
using reduce_detail::extent_of;
using reduce_detail::relative;
using reduce_detail::Scratch;

inline std::byte* at(void* base, std::size_t elems, std::size_t extent) {
  return static_cast<std::byte*>(base) + elems * extent;
}
inline const std::byte* at(const void* base, std::size_t elems, std::size_t extent) {
  return static_cast<const std::byte*>(base) + elems * extent;
}

// MPIR_Localcopy of `elems` elements of a contiguous type.
inline void local_copy(const void* src, void* dst, std::size_t elems, std::size_t extent) {
  if (elems != 0) std::memcpy(dst, src, elems * extent);
}

// Owns a derived datatype made in prepare() (MPI_Type_commit done by the maker); frees it once.
class OwnedType {
 public:
  OwnedType() = default;
  explicit OwnedType(MPI_Datatype t) : type_(t) {}
  ~OwnedType() { reset(); }
  OwnedType(OwnedType&& o) noexcept : type_(std::exchange(o.type_, MPI_DATATYPE_NULL)) {}
  OwnedType& operator=(OwnedType&& o) noexcept {
    if (this != &o) {
      reset();
      type_ = std::exchange(o.type_, MPI_DATATYPE_NULL);
    }
    return *this;
  }
  OwnedType(const OwnedType&) = delete;
  OwnedType& operator=(const OwnedType&) = delete;
  MPI_Datatype get() const { return type_; }
  void reset() {
    if (type_ != MPI_DATATYPE_NULL) MPI_Type_free(&type_);
  }

 private:
  MPI_Datatype type_ = MPI_DATATYPE_NULL;
};

// The largest power of two <= n (n >= 1): MPICH's `pof2`.
inline int pof2_floor(int n) {
  int p = 1;
  while (p * 2 <= n) p *= 2;
  return p;
}

}  // namespace papbench::mpich
