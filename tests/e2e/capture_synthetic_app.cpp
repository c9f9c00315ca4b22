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
