// A tiny MPI application with known imbalance for the capture test (capture_synthetic.sh):
// before each of N allreduces (N = argv[1], default 20) rank r sleeps r ms, so the captured
// arrival spread of every call is at least (size - 1) ms; a barrier at another call site and a
// bcast on a split communicator give the capture more than one case; argv[2] = "abort" ends it
// with MPI_Abort after the allreduces. It calls plain MPI and knows nothing of papbench.

#include <mpi.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <thread>
#include <vector>

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, size = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  const int calls = argc > 1 ? std::atoi(argv[1]) : 20;
  long long total = 0;
  for (int i = 0; i < calls; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(rank));
    long long mine = rank + i, sum = 0;
    MPI_Allreduce(&mine, &sum, 1, MPI_LONG_LONG, MPI_SUM, MPI_COMM_WORLD);
    total += sum;
  }
  // "abort": end like a crashing application, before MPI_Finalize.
  if (argc > 2 && std::string(argv[2]) == "abort") MPI_Abort(MPI_COMM_WORLD, 3);
  // "shapes": every other collective the capture wraps once, each with its own count, so the
  // test sees what each records (capture/call_shapes.hpp): reduce 5 at root 1, scatter 3 and
  // gather 2 at root 0 (the root sends or receives one block of 3 or 2 ints per rank; the
  // others, one block), allgather 4, alltoall 6, allgatherv rank r's block r + 1, alltoallv blocks
  // of 7, reduce_scatter 8 and reduce_scatter_block 9 per rank.
  if (argc > 2 && std::string(argv[2]) == "shapes") {
    const auto n = static_cast<std::size_t>(size);
    std::vector<int> send(64 * n, rank), recv(64 * n);
    MPI_Reduce(send.data(), recv.data(), 5, MPI_INT, MPI_SUM, 1 % size, MPI_COMM_WORLD);
    MPI_Scatter(send.data(), 3, MPI_INT, recv.data(), 3, MPI_INT, 0, MPI_COMM_WORLD);
    MPI_Gather(send.data(), 2, MPI_INT, recv.data(), 2, MPI_INT, 0, MPI_COMM_WORLD);
    MPI_Allgather(send.data(), 4, MPI_INT, recv.data(), 4, MPI_INT, MPI_COMM_WORLD);
    MPI_Alltoall(send.data(), 6, MPI_INT, recv.data(), 6, MPI_INT, MPI_COMM_WORLD);
    std::vector<int> counts(n), displs(n), sevens(n, 7), seven_displs(n);
    for (std::size_t r = 0; r < n; ++r) {
      counts[r] = static_cast<int>(r) + 1;
      displs[r] = r == 0 ? 0 : displs[r - 1] + counts[r - 1];
      seven_displs[r] = 7 * static_cast<int>(r);
    }
    MPI_Allgatherv(send.data(), rank + 1, MPI_INT, recv.data(), counts.data(), displs.data(),
                   MPI_INT, MPI_COMM_WORLD);
    MPI_Alltoallv(send.data(), sevens.data(), seven_displs.data(), MPI_INT, recv.data(),
                  sevens.data(), seven_displs.data(), MPI_INT, MPI_COMM_WORLD);
    std::vector<int> eights(n, 8);
    MPI_Reduce_scatter(send.data(), recv.data(), eights.data(), MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    MPI_Reduce_scatter_block(send.data(), recv.data(), 9, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  }
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Comm half = MPI_COMM_NULL;
  MPI_Comm_split(MPI_COMM_WORLD, rank % 2, rank, &half);
  int value = rank;
  MPI_Bcast(&value, 1, MPI_INT, 0, half);
  MPI_Comm_free(&half);
  if (rank == 0) std::printf("synthetic app: %d allreduces, checksum %lld\n", calls, total);
  MPI_Finalize();
  return 0;
}
