#pragma once
// What the capture records of a call, from its arguments: the one place that says it, for the C
// wrappers (mpi_wrappers.cpp) and the Fortran ones (fortran_wrappers.cpp, which convert their
// handles first). Evaluated after the call returns, outside the arrival-to-exit window.
//
// count: the elements of this rank's block, as papbench's --count means it: the count of
// reduce/allreduce/bcast, the block of scatter/gather/allgather/alltoall (the root's send or
// receive block), this rank's block of allgatherv and reduce_scatter, the mean block of
// alltoallv, this rank's own block of gatherv and scatterv; scan and exscan as allreduce. A
// nonblocking collective records what its blocking counterpart does.

#include <mpi.h>

#include <cstdint>
#include <numeric>
#include <span>

#include "capture/capture_session.hpp"

namespace papbench::capture::shapes {

inline int rank_in(MPI_Comm comm) {
  int r = 0;
  PMPI_Comm_rank(comm, &r);
  return r;
}

inline int size_of(MPI_Comm comm) {
  int n = 0;
  PMPI_Comm_size(comm, &n);
  return n;
}

inline std::uint64_t to_count(long long c) {
  return c > 0 ? static_cast<std::uint64_t>(c) : 0;
}

inline CallShape barrier(MPI_Comm comm, const void* site) {
  return {Collective::kBarrier, comm, -1, 0, MPI_DATATYPE_NULL, MPI_OP_NULL, site};
}

inline CallShape bcast(long long count, MPI_Datatype dt, int root, MPI_Comm comm, const void* site,
                       Collective kind = Collective::kBcast) {
  return {kind, comm, root, to_count(count), dt, MPI_OP_NULL, site};
}

// reduce (root >= 0), allreduce, reduce_scatter_block, scan and exscan (root -1): one count for
// every rank.
inline CallShape reduction(Collective kind, long long count, MPI_Datatype dt, MPI_Op op, int root,
                           MPI_Comm comm, const void* site) {
  return {kind, comm, root, to_count(count), dt, op, site};
}

// scatter and gather: the root's send (scatter) or receive (gather) block, the other ranks' own.
inline CallShape rooted(Collective kind, long long scount, MPI_Datatype stype, long long rcount,
                        MPI_Datatype rtype, int root, MPI_Comm comm, const void* site) {
  const bool root_sends = kind == Collective::kScatter || kind == Collective::kIscatter;
  const bool at_root = rank_in(comm) == root;
  const bool send_side = at_root == root_sends;
  return {kind,        comm, root, to_count(send_side ? scount : rcount), send_side ? stype : rtype,
          MPI_OP_NULL, site};
}

// gatherv and scatterv: this rank's own block, the root's from its counts (with MPI_IN_PLACE
// the root's own count argument is ignored).
template <class Count>
CallShape own_v_block(Collective kind, const Count* root_counts, MPI_Datatype root_type,
                      long long own_count, MPI_Datatype own_type, int root, MPI_Comm comm,
                      const void* site) {
  const int r = rank_in(comm);
  const bool at_root = r == root;
  return {kind,
          comm,
          root,
          to_count(at_root ? static_cast<long long>(root_counts[r]) : own_count),
          at_root ? root_type : own_type,
          MPI_OP_NULL,
          site};
}

// allgather and alltoall: the block each rank receives from each other.
inline CallShape even_blocks(Collective kind, long long rcount, MPI_Datatype rtype, MPI_Comm comm,
                             const void* site) {
  return {kind, comm, -1, to_count(rcount), rtype, MPI_OP_NULL, site};
}

// allgatherv and reduce_scatter: this rank's own block of the counts (C int or Fortran MPI_Fint).
template <class Count>
CallShape own_block(Collective kind, const Count* counts, MPI_Datatype dt, MPI_Op op, MPI_Comm comm,
                    const void* site) {
  return {kind, comm, -1, to_count(counts[rank_in(comm)]), dt, op, site};
}

// alltoallv: the mean of the blocks this rank receives.
template <class Count>
CallShape mean_block(Collective kind, const Count* counts, MPI_Datatype dt, MPI_Comm comm,
                     const void* site) {
  const auto n = static_cast<std::size_t>(size_of(comm));
  const std::span<const Count> blocks(counts, n);
  const long long total = std::accumulate(blocks.begin(), blocks.end(), 0LL);
  return {kind, comm, -1, to_count(total / static_cast<long long>(n)), dt, MPI_OP_NULL, site};
}

}  // namespace papbench::capture::shapes

// The nonblocking collectives papbench runs (--collective iallreduce, ...), one row each: the
// name of the post after MPI_, the persistent init's stem (MPI_<stem>_init), the parameters
// before the request (the init's MPI_Info goes between), their names, and what the call records
// (as its blocking counterpart, with the nonblocking kind). The C wrappers of the posts
// (mpi_wrappers.cpp) and of the persistent inits (persistent_wrappers.cpp) are made from these
// rows, with `shapes`, `Collective` and `site` in scope.
#define PAPBENCH_NONBLOCKING_COLLECTIVES(ROW)                                                     \
  ROW(Iallreduce, Allreduce,                                                                      \
      (const void* sb, void* rb, int count, MPI_Datatype dt, MPI_Op op, MPI_Comm comm),           \
      (sb, rb, count, dt, op, comm),                                                              \
      shapes::reduction(Collective::kIallreduce, count, dt, op, -1, comm, site))                  \
  ROW(Ireduce, Reduce,                                                                            \
      (const void* sb, void* rb, int count, MPI_Datatype dt, MPI_Op op, int root, MPI_Comm comm), \
      (sb, rb, count, dt, op, root, comm),                                                        \
      shapes::reduction(Collective::kIreduce, count, dt, op, root, comm, site))                   \
  ROW(Ibcast, Bcast, (void* buffer, int count, MPI_Datatype dt, int root, MPI_Comm comm),         \
      (buffer, count, dt, root, comm),                                                            \
      shapes::bcast(count, dt, root, comm, site, Collective::kIbcast))                            \
  ROW(Iallgather, Allgather,                                                                      \
      (const void* sb, int scount, MPI_Datatype stype, void* rb, int rcount, MPI_Datatype rtype,  \
       MPI_Comm comm),                                                                            \
      (sb, scount, stype, rb, rcount, rtype, comm),                                               \
      shapes::even_blocks(Collective::kIallgather, rcount, rtype, comm, site))                    \
  ROW(Ialltoall, Alltoall,                                                                        \
      (const void* sb, int scount, MPI_Datatype stype, void* rb, int rcount, MPI_Datatype rtype,  \
       MPI_Comm comm),                                                                            \
      (sb, scount, stype, rb, rcount, rtype, comm),                                               \
      shapes::even_blocks(Collective::kIalltoall, rcount, rtype, comm, site))                     \
  ROW(Igather, Gather,                                                                            \
      (const void* sb, int scount, MPI_Datatype stype, void* rb, int rcount, MPI_Datatype rtype,  \
       int root, MPI_Comm comm),                                                                  \
      (sb, scount, stype, rb, rcount, rtype, root, comm),                                         \
      shapes::rooted(Collective::kIgather, scount, stype, rcount, rtype, root, comm, site))       \
  ROW(Iscatter, Scatter,                                                                          \
      (const void* sb, int scount, MPI_Datatype stype, void* rb, int rcount, MPI_Datatype rtype,  \
       int root, MPI_Comm comm),                                                                  \
      (sb, scount, stype, rb, rcount, rtype, root, comm),                                         \
      shapes::rooted(Collective::kIscatter, scount, stype, rcount, rtype, root, comm, site))

// A row's parenthesized parameters or arguments with more appended: (a, b) -> (a, b, more).
#define PAPBENCH_UNPARENTHESIZED(...) __VA_ARGS__
#define PAPBENCH_APPENDED(LIST, ...) (PAPBENCH_UNPARENTHESIZED LIST, __VA_ARGS__)
