#pragma once
// MPICH's fold of a non-power-of-two group onto pof2 = 2^floor(log2 P) participants, shared by
// allreduce/recursive-doubling and allreduce/rabenseifner ([MPICH] v4.0.2
// allreduce_intra_recursive_doubling.c and allreduce_intra_reduce_scatter_allgather.c write it
// out twice). With rem = P - pof2, the even ranks below 2.rem send their vector to rank + 1 and
// sit out; the odd ones combine it, rank - 1's vector first (so non-commutative ops keep MPI's
// order), and take part as newrank = rank / 2; the ranks from 2.rem on take part as rank - rem.
// At the end the odd ranks below 2.rem send the result back to rank - 1.
#include <mpi.h>

#include <cstddef>

namespace papbench::allreduce_fold {

struct Pof2Group {
  int pof2 = 1;
  int rem = 0;
  // This rank's place among the pof2 participants, -1 while it sits out.
  int newrank = -1;

  // The real rank of participant `newdst`.
  int real(int newdst) const { return newdst < rem ? newdst * 2 + 1 : newdst + rem; }
};

// The vector `acc` (count elements) of each rank folded onto the participants; `tmp` receives
// the partner's vector on the odd ranks below 2.rem.
Pof2Group fold_in(MPI_Comm comm, void* acc, void* tmp, std::size_t count, MPI_Datatype dtype,
                  MPI_Op op, int tag);

// The result back to the ranks that sat out.
void fold_out(MPI_Comm comm, const Pof2Group& group, void* acc, std::size_t count,
              MPI_Datatype dtype, int tag);

}  // namespace papbench::allreduce_fold
