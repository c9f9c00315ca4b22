// MPICH's fold onto a power of two (pof2_fold.hpp).
#include "collectives/allreduce/pof2_fold.hpp"

#include "collectives/core/algorithm.hpp"
#include "collectives/core/buffers.hpp"
#include "collectives/core/mpich_p2p.hpp"
#include "common/mpi_env.hpp"

namespace papbench::allreduce_fold {

Pof2Group fold_in(MPI_Comm comm, void* acc, void* tmp, std::size_t count, MPI_Datatype dtype,
                  MPI_Op op, int tag) {
  int size = 0, rank = 0;
  mpi_check(MPI_Comm_size(comm, &size), "MPI_Comm_size");
  mpi_check(MPI_Comm_rank(comm, &rank), "MPI_Comm_rank");
  Pof2Group group;
  group.pof2 = mpich::pof2_floor(size);
  group.rem = size - group.pof2;
  const int n = count_as_int(count, "allreduce count");
  if (rank >= 2 * group.rem) {
    group.newrank = rank - group.rem;
  } else if (rank % 2 == 0) {
    mpi_check(MPI_Send(acc, n, dtype, rank + 1, tag, comm), "MPI_Send");
  } else {
    mpi_check(MPI_Recv(tmp, n, dtype, rank - 1, tag, comm, MPI_STATUS_IGNORE), "MPI_Recv");
    combine(static_cast<const std::byte*>(tmp), static_cast<std::byte*>(acc), count, dtype, op);
    group.newrank = rank / 2;
  }
  return group;
}

void fold_out(MPI_Comm comm, const Pof2Group& group, void* acc, std::size_t count,
              MPI_Datatype dtype, int tag) {
  int rank = 0;
  mpi_check(MPI_Comm_rank(comm, &rank), "MPI_Comm_rank");
  if (rank >= 2 * group.rem) return;
  const int n = count_as_int(count, "allreduce count");
  if (rank % 2 != 0) {
    mpi_check(MPI_Send(acc, n, dtype, rank - 1, tag, comm), "MPI_Send");
  } else {
    mpi_check(MPI_Recv(acc, n, dtype, rank + 1, tag, comm, MPI_STATUS_IGNORE), "MPI_Recv");
  }
}

}  // namespace papbench::allreduce_fold
