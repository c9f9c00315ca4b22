#pragma once
// Root gathering's intragroup steps on point-to-point ([Kang2019] §3.1), as the paper's
// equations assume them rather than as the MPI library happens to implement MPI_Gather(v) and
// MPI_Bcast: a binomial gather and a binomial broadcast (the log p startups of Eqs. (1) and (2)),
// and the ring gather MPICH uses for the intercommunicator Allgatherv (§5: "The gathering
// operations of messages to roots are implemented using a ring algorithm"). Each works on the
// group's intracommunicator with local rank 0 as the root; tags are their own.

#include <mpi.h>

#include <cstdint>

namespace papbench::intergroup {

// Binomial gather of `n` elements from every rank to rank 0. `scratch` holds size * n elements
// on every rank (rank 0: the gathered blocks in rank order when it returns); `mine` is this
// rank's block.
void binomial_gather(MPI_Comm local, const void* mine, int n, void* scratch, MPI_Datatype t);

// Binomial broadcast of `n` elements of `buf` from rank 0.
void binomial_bcast(MPI_Comm local, void* buf, int n, MPI_Datatype t);

// Ring gather of blocks of any size to rank 0: rank i sends its block to i - 1, then forwards
// the blocks of i + 1 .. size - 1 one at a time as they arrive, so the blocks pipeline along the
// ring. Rank 0 receives them in rank order into `gathered` after its own and returns the total
// elements; the others use `scratch` (room for the largest block) and return 0.
std::int64_t ring_gatherv(MPI_Comm local, const void* mine, int n, void* gathered, void* scratch,
                          MPI_Datatype t);

}  // namespace papbench::intergroup
