#include "collectives/reduce/binomial_tree.hpp"

#include <string>

#include "collectives/core/buffers.hpp"
#include "collectives/core/relative_rank.hpp"
#include "common/mpi_env.hpp"

namespace papbench {
namespace {

class BinomialReduce final : public Algorithm {
 public:
  BinomialReduce(std::string_view name, int tag, bool noncommutative_path)
      : name_(name), tag_(tag), noncommutative_path_(noncommutative_path) {}

  void prepare(const Args& a) override {
    if (!noncommutative_path_) require_commutative(a.op, name_);
    comm_ = Comm::dup(a.comm);
    int commute = 0;
    mpi_check(MPI_Op_commutative(a.op, &commute), "MPI_Op_commutative");
    commutative_ = commute != 0;
    count_ = a.count;
    const std::size_t bytes = a.count * extent_of(a.dtype);
    acc_.reserve(bytes);
    tmp_.reserve(bytes);
  }

  void run(const Args& a) override {
    expect_prepared(count_, a.count, name_);
    if (a.count == 0) return;
    const int size = comm_.size(), rank = comm_.rank();
    const int n = count_as_int(a.count, "reduce count");
    const std::size_t ext = extent_of(a.dtype);
    // MPICH reduces towards rank 0 for a non-commutative op: relative ranks then equal real ones,
    // and the receiver's own (lower) data is the left operand.
    const int tree_root = commutative_ ? a.root : 0;
    const int v = relative(rank, tree_root, size);
    // The root accumulates straight into its output; the others into scratch.
    std::byte* acc = rank == a.root ? static_cast<std::byte*>(a.recv) : acc_.data();
    std::byte* tmp = tmp_.data();
    local_copy(a.send, acc, a.count, ext);
    for (int mask = 1; mask < size; mask <<= 1) {
      if ((v & mask) == 0) {
        const int source = v | mask;
        if (source >= size) continue;
        mpi_check(MPI_Recv(tmp, n, a.dtype, absolute(source, tree_root, size), tag_, comm_.get(),
                           MPI_STATUS_IGNORE),
                  "MPI_Recv");
        if (commutative_) {
          combine(tmp, acc, a.count, a.dtype, a.op);
        } else {
          // acc op tmp, stored in acc: MPI_Reduce_local computes inout = in op inout.
          combine(acc, tmp, a.count, a.dtype, a.op);
          local_copy(tmp, acc, a.count, ext);
        }
      } else {
        mpi_check(
            MPI_Send(acc, n, a.dtype, absolute(v & ~mask, tree_root, size), tag_, comm_.get()),
            "MPI_Send");
        break;
      }
    }
    if (tree_root != a.root) {
      if (rank == tree_root) {
        mpi_check(MPI_Send(acc, n, a.dtype, a.root, tag_, comm_.get()), "MPI_Send");
      } else if (rank == a.root) {
        mpi_check(MPI_Recv(a.recv, n, a.dtype, tree_root, tag_, comm_.get(), MPI_STATUS_IGNORE),
                  "MPI_Recv");
      }
    }
  }

 private:
  std::string name_;
  int tag_;
  bool noncommutative_path_;
  Comm comm_;
  bool commutative_ = true;
  std::size_t count_ = 0;
  Scratch acc_, tmp_;
};

}  // namespace

std::unique_ptr<Algorithm> make_binomial_reduce(std::string_view name, int tag,
                                                bool noncommutative_path) {
  return std::make_unique<BinomialReduce>(name, tag, noncommutative_path);
}

}  // namespace papbench
