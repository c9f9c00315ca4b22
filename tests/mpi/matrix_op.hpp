#pragma once
// A non-commutative user-defined op for the MPI tests (no predefined op is one): 2x2 integer
// matrix products mod a prime, on a contiguous datatype of four ints. Shared by
// tests/mpi/mpich_algorithms.cpp (reduce/mpich-binomial's non-commutative path) and
// tests/mpi/allreduce_algorithms.cpp (which allreduce rows keep MPI's order of operands).

#include <mpi.h>

#include <array>
#include <cstddef>
#include <cstdint>

#include "common/mpi_env.hpp"

namespace papbench::mpi_test {

inline constexpr std::int64_t kMatrixModulus = 32749;
using Matrix = std::array<int, 4>;  // row-major 2x2, entries mod kMatrixModulus

inline Matrix multiply(const Matrix& x, const Matrix& y) {
  const auto m = [](std::int64_t v) { return static_cast<int>(v % kMatrixModulus); };
  return {m(std::int64_t{x[0]} * y[0] + std::int64_t{x[1]} * y[2]),
          m(std::int64_t{x[0]} * y[1] + std::int64_t{x[1]} * y[3]),
          m(std::int64_t{x[2]} * y[0] + std::int64_t{x[3]} * y[2]),
          m(std::int64_t{x[2]} * y[1] + std::int64_t{x[3]} * y[3])};
}

// MPI's user function contract: inout[i] = in[i] op inout[i], here in[i] . inout[i].
inline void matrix_product(void* in, void* inout, int* len, MPI_Datatype* /*type*/) {
  const auto* a = static_cast<const Matrix*>(in);
  auto* b = static_cast<Matrix*>(inout);
  for (int i = 0; i < *len; ++i) b[i] = multiply(a[i], b[i]);
}

// Rank r's element i: [[a, 1], [e, b]]. Two such matrices commute only when their e are equal
// (the top-left entries of XY and YX are ac + f and ca + e), and e = (3r + i) mod 7 differs between
// any two ranks less than 7 apart.
inline Matrix matrix_input(int r, std::size_t i) {
  return {static_cast<int>((std::size_t(r) + 1 + 3 * i) % kMatrixModulus), 1,
          static_cast<int>((3 * std::size_t(r) + i) % 7),
          static_cast<int>((std::size_t(r) + i) % 5)};
}

// Element i of the product over ranks 0 .. size - 1 in rank order, as MPI defines a reduction.
inline Matrix matrix_expected(int size, std::size_t i) {
  Matrix e = matrix_input(0, i);
  for (int r = 1; r < size; ++r) e = multiply(e, matrix_input(r, i));
  return e;
}

// The datatype and the op, freed with their owner.
class MatrixOp {
 public:
  MatrixOp() {
    mpi_check(MPI_Type_contiguous(4, MPI_INT, &type_), "MPI_Type_contiguous");
    mpi_check(MPI_Type_commit(&type_), "MPI_Type_commit");
    mpi_check(MPI_Op_create(matrix_product, /*commute=*/0, &op_), "MPI_Op_create");
  }
  ~MatrixOp() {
    MPI_Op_free(&op_);
    MPI_Type_free(&type_);
  }
  MatrixOp(const MatrixOp&) = delete;
  MatrixOp& operator=(const MatrixOp&) = delete;
  MPI_Datatype type() const { return type_; }
  MPI_Op op() const { return op_; }

 private:
  MPI_Datatype type_ = MPI_DATATYPE_NULL;
  MPI_Op op_ = MPI_OP_NULL;
};

}  // namespace papbench::mpi_test
