#pragma once
// Plumbing shared by papbench's re-implementations of MPICH 3.0.4's point-to-point collectives
// ([MPICH] src/mpi/coll/*.c at tag v3.0.4; [Parsons2015] §3.7, the thesis' "MPICH" baselines):
// derived datatypes made in prepare() and MPICH's power-of-two helper; the byte views of typed
// buffers (MPIR_Localcopy among them) are core/buffers.hpp's, relative ranks
// core/relative_rank.hpp's. Each algorithm stays in its own file; only plumbing lives here, so
// results never depend on the installed library's choices.

#include <mpi.h>

#include <utility>

namespace papbench::mpich {

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
