// The PMPI interposition: MPI_Init/MPI_Init_thread start the capture, MPI_Finalize writes it, and
// each blocking collective papbench knows is timed by two raw clock reads around its PMPI_*
// call. Everything else (the communicator's identity, the per-rank count of a v-collective) is
// worked out after the call returns, outside the arrival-to-exit window.
//
// count: the elements of this rank's block, as papbench's --count means it: the count of
// reduce/allreduce/bcast, the block of scatter/gather/allgather/alltoall (the root's send or
// receive block), this rank's block of allgatherv and reduce_scatter, the mean block of
// alltoallv.

#include <mpi.h>

#include <cstdint>
#include <numeric>
#include <span>

#include "capture/capture_session.hpp"
#include "clocksync/global_clock.hpp"

namespace {

// Runs `call`; while recording, also the clock reads and, after the call, record(shape()).
template <class Call, class Shape>
int captured(Call&& call, Shape&& shape) {
  if (!papbench::capture::recording()) return call();
  const std::int64_t arrival = papbench::clocksync::raw_now_ns();
  const int rc = call();
  const std::int64_t exit = papbench::clocksync::raw_now_ns();
  if (rc == MPI_SUCCESS) papbench::capture::record_call(shape(), arrival, exit);
  return rc;
}

int rank_in(MPI_Comm comm) {
  int r = 0;
  PMPI_Comm_rank(comm, &r);
  return r;
}

int size_of(MPI_Comm comm) {
  int n = 0;
  PMPI_Comm_size(comm, &n);
  return n;
}

std::uint64_t to_count(long long c) {
  return c > 0 ? static_cast<std::uint64_t>(c) : 0;
}

}  // namespace

extern "C" {

__attribute__((visibility("default"))) int MPI_Init(int* argc, char*** argv) {
  const int rc = PMPI_Init(argc, argv);
  if (rc == MPI_SUCCESS) papbench::capture::start_capture();
  return rc;
}

__attribute__((visibility("default"))) int MPI_Init_thread(int* argc, char*** argv, int required,
                                                           int* provided) {
  const int rc = PMPI_Init_thread(argc, argv, required, provided);
  if (rc == MPI_SUCCESS) papbench::capture::start_capture();
  return rc;
}

__attribute__((visibility("default"))) int MPI_Finalize() {
  papbench::capture::finish_capture();
  return PMPI_Finalize();
}

__attribute__((visibility("default"))) int MPI_Comm_free(MPI_Comm* comm) {
  if (comm != nullptr && !papbench::capture::InternalCalls::active()) {
    papbench::capture::forget_comm(*comm);
  }
  return PMPI_Comm_free(comm);
}

__attribute__((visibility("default"))) int MPI_Barrier(MPI_Comm comm) {
  const void* site = __builtin_return_address(0);
  return captured([&] { return PMPI_Barrier(comm); },
                  [&] {
                    return papbench::capture::CallShape{papbench::capture::Collective::kBarrier,
                                                        comm,
                                                        -1,
                                                        0,
                                                        MPI_DATATYPE_NULL,
                                                        MPI_OP_NULL,
                                                        site};
                  });
}

__attribute__((visibility("default"))) int MPI_Bcast(void* buffer, int count, MPI_Datatype dt,
                                                     int root, MPI_Comm comm) {
  const void* site = __builtin_return_address(0);
  return captured([&] { return PMPI_Bcast(buffer, count, dt, root, comm); },
                  [&] {
                    return papbench::capture::CallShape{papbench::capture::Collective::kBcast,
                                                        comm,
                                                        root,
                                                        to_count(count),
                                                        dt,
                                                        MPI_OP_NULL,
                                                        site};
                  });
}

__attribute__((visibility("default"))) int MPI_Reduce(const void* sb, void* rb, int count,
                                                      MPI_Datatype dt, MPI_Op op, int root,
                                                      MPI_Comm comm) {
  const void* site = __builtin_return_address(0);
  return captured(
      [&] { return PMPI_Reduce(sb, rb, count, dt, op, root, comm); },
      [&] {
        return papbench::capture::CallShape{
            papbench::capture::Collective::kReduce, comm, root, to_count(count), dt, op, site};
      });
}

__attribute__((visibility("default"))) int MPI_Allreduce(const void* sb, void* rb, int count,
                                                         MPI_Datatype dt, MPI_Op op,
                                                         MPI_Comm comm) {
  const void* site = __builtin_return_address(0);
  return captured(
      [&] { return PMPI_Allreduce(sb, rb, count, dt, op, comm); },
      [&] {
        return papbench::capture::CallShape{
            papbench::capture::Collective::kAllreduce, comm, -1, to_count(count), dt, op, site};
      });
}

__attribute__((visibility("default"))) int MPI_Scatter(const void* sb, int scount,
                                                       MPI_Datatype stype, void* rb, int rcount,
                                                       MPI_Datatype rtype, int root,
                                                       MPI_Comm comm) {
  const void* site = __builtin_return_address(0);
  return captured([&] { return PMPI_Scatter(sb, scount, stype, rb, rcount, rtype, root, comm); },
                  [&] {
                    const bool at_root = rank_in(comm) == root;
                    return papbench::capture::CallShape{papbench::capture::Collective::kScatter,
                                                        comm,
                                                        root,
                                                        to_count(at_root ? scount : rcount),
                                                        at_root ? stype : rtype,
                                                        MPI_OP_NULL,
                                                        site};
                  });
}

__attribute__((visibility("default"))) int MPI_Gather(const void* sb, int scount,
                                                      MPI_Datatype stype, void* rb, int rcount,
                                                      MPI_Datatype rtype, int root, MPI_Comm comm) {
  const void* site = __builtin_return_address(0);
  return captured([&] { return PMPI_Gather(sb, scount, stype, rb, rcount, rtype, root, comm); },
                  [&] {
                    const bool at_root = rank_in(comm) == root;
                    return papbench::capture::CallShape{papbench::capture::Collective::kGather,
                                                        comm,
                                                        root,
                                                        to_count(at_root ? rcount : scount),
                                                        at_root ? rtype : stype,
                                                        MPI_OP_NULL,
                                                        site};
                  });
}

__attribute__((visibility("default"))) int MPI_Allgather(const void* sb, int scount,
                                                         MPI_Datatype stype, void* rb, int rcount,
                                                         MPI_Datatype rtype, MPI_Comm comm) {
  const void* site = __builtin_return_address(0);
  return captured([&] { return PMPI_Allgather(sb, scount, stype, rb, rcount, rtype, comm); },
                  [&] {
                    return papbench::capture::CallShape{papbench::capture::Collective::kAllgather,
                                                        comm,
                                                        -1,
                                                        to_count(rcount),
                                                        rtype,
                                                        MPI_OP_NULL,
                                                        site};
                  });
}

__attribute__((visibility("default"))) int MPI_Allgatherv(const void* sb, int scount,
                                                          MPI_Datatype stype, void* rb,
                                                          const int rcounts[], const int displs[],
                                                          MPI_Datatype rtype, MPI_Comm comm) {
  const void* site = __builtin_return_address(0);
  return captured(
      [&] { return PMPI_Allgatherv(sb, scount, stype, rb, rcounts, displs, rtype, comm); },
      [&] {
        return papbench::capture::CallShape{papbench::capture::Collective::kAllgatherv,
                                            comm,
                                            -1,
                                            to_count(rcounts[rank_in(comm)]),
                                            rtype,
                                            MPI_OP_NULL,
                                            site};
      });
}

__attribute__((visibility("default"))) int MPI_Alltoall(const void* sb, int scount,
                                                        MPI_Datatype stype, void* rb, int rcount,
                                                        MPI_Datatype rtype, MPI_Comm comm) {
  const void* site = __builtin_return_address(0);
  return captured([&] { return PMPI_Alltoall(sb, scount, stype, rb, rcount, rtype, comm); },
                  [&] {
                    return papbench::capture::CallShape{papbench::capture::Collective::kAlltoall,
                                                        comm,
                                                        -1,
                                                        to_count(rcount),
                                                        rtype,
                                                        MPI_OP_NULL,
                                                        site};
                  });
}

__attribute__((visibility("default"))) int MPI_Alltoallv(const void* sb, const int scounts[],
                                                         const int sdispls[], MPI_Datatype stype,
                                                         void* rb, const int rcounts[],
                                                         const int rdispls[], MPI_Datatype rtype,
                                                         MPI_Comm comm) {
  const void* site = __builtin_return_address(0);
  return captured(
      [&] {
        return PMPI_Alltoallv(sb, scounts, sdispls, stype, rb, rcounts, rdispls, rtype, comm);
      },
      [&] {
        const auto n = static_cast<std::size_t>(size_of(comm));
        const std::span<const int> blocks(rcounts, n);
        const long long total = std::accumulate(blocks.begin(), blocks.end(), 0LL);
        return papbench::capture::CallShape{papbench::capture::Collective::kAlltoallv,
                                            comm,
                                            -1,
                                            to_count(total / static_cast<long long>(n)),
                                            rtype,
                                            MPI_OP_NULL,
                                            site};
      });
}

__attribute__((visibility("default"))) int MPI_Reduce_scatter(const void* sb, void* rb,
                                                              const int rcounts[], MPI_Datatype dt,
                                                              MPI_Op op, MPI_Comm comm) {
  const void* site = __builtin_return_address(0);
  return captured([&] { return PMPI_Reduce_scatter(sb, rb, rcounts, dt, op, comm); },
                  [&] {
                    return papbench::capture::CallShape{
                        papbench::capture::Collective::kReduceScatter,
                        comm,
                        -1,
                        to_count(rcounts[rank_in(comm)]),
                        dt,
                        op,
                        site};
                  });
}

__attribute__((visibility("default"))) int MPI_Reduce_scatter_block(const void* sb, void* rb,
                                                                    int rcount, MPI_Datatype dt,
                                                                    MPI_Op op, MPI_Comm comm) {
  const void* site = __builtin_return_address(0);
  return captured([&] { return PMPI_Reduce_scatter_block(sb, rb, rcount, dt, op, comm); },
                  [&] {
                    return papbench::capture::CallShape{
                        papbench::capture::Collective::kReduceScatterBlock,
                        comm,
                        -1,
                        to_count(rcount),
                        dt,
                        op,
                        site};
                  });
}

}  // extern "C"
