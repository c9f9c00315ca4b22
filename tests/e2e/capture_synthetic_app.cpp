// A tiny MPI application with known imbalance for the capture test (capture_synthetic.sh):
// before each of N allreduces (N = argv[1], default 20) rank r sleeps r ms, so the captured
// arrival spread of every call is at least (size - 1) ms; a barrier at another call site and a
// bcast on a split communicator give the capture more than one case; argv[2] = "abort" ends it
// with MPI_Abort after the allreduces; argv[2] = "nbc" makes the N calls MPI_Iallreduce with
// compute between post and wait instead (rank r computes (r + 1) ms, with one MPI_Test halfway,
// so the capture's compute per rank is known). It calls plain MPI and knows nothing of papbench.

#include <mpi.h>
#if defined(PAPBENCH_APP_PERSISTENT_MPIX)
#include <mpi-ext.h>
#endif

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <thread>
#include <vector>

namespace {

// Busy compute (not a sleep: the collective's progress must compete with it as with real work)
// until `ns` have passed.
void compute_for(std::chrono::nanoseconds ns) {
  const auto end = std::chrono::steady_clock::now() + ns;
  volatile double x = 1.0;
  while (std::chrono::steady_clock::now() < end) x = x * 1.0000001 + 1e-9;
}

// Completes `requests` by repeated calls of `how`: the capture must see each completion call.
void complete_all(std::vector<MPI_Request>& requests, const std::string& how) {
  const int n = static_cast<int>(requests.size());
  auto pending = [&] {
    for (MPI_Request r : requests) {
      if (r != MPI_REQUEST_NULL) return true;
    }
    return false;
  };
  std::vector<int> indices(requests.size());
  int flag = 0, index = 0, out = 0;
  while (pending()) {
    if (how == "waitall") MPI_Waitall(n, requests.data(), MPI_STATUSES_IGNORE);
    if (how == "waitany") MPI_Waitany(n, requests.data(), &index, MPI_STATUS_IGNORE);
    if (how == "waitsome")
      MPI_Waitsome(n, requests.data(), &out, indices.data(), MPI_STATUSES_IGNORE);
    if (how == "testall") MPI_Testall(n, requests.data(), &flag, MPI_STATUSES_IGNORE);
    if (how == "testany") MPI_Testany(n, requests.data(), &index, &flag, MPI_STATUS_IGNORE);
    if (how == "testsome")
      MPI_Testsome(n, requests.data(), &out, indices.data(), MPI_STATUSES_IGNORE);
  }
}

#if defined(PAPBENCH_APP_PERSISTENT_MPI4) || defined(PAPBENCH_APP_PERSISTENT_MPIX)
#if defined(PAPBENCH_APP_PERSISTENT_MPIX)
#define APP_PERSISTENT(NAME) MPIX_##NAME##_init
#else
#define APP_PERSISTENT(NAME) MPI_##NAME##_init
#endif
// The persistent collectives (MPI-4, or Open MPI's MPIX_ ones): an allreduce of 20 started
// twice with MPI_Start, each completed by repeated MPI_Test, and a bcast of 21 and a gather of
// 22 at root 0 started together twice with MPI_Startall and completed by MPI_Waitall. (Not
// MPI_Testall: MPICH 4.0.2's fails on persistent collective requests with MPI_ERR_IN_STATUS,
// with or without the capture.)
void persistent_shapes(std::vector<int>& send, std::vector<int>& recv, std::vector<int>& bcast) {
  MPI_Request allreduce = MPI_REQUEST_NULL;
  APP_PERSISTENT(Allreduce)
  (send.data(), recv.data(), 20, MPI_INT, MPI_SUM, MPI_COMM_WORLD, MPI_INFO_NULL, &allreduce);
  std::vector<int> gathered(send.size());
  bcast.resize(21);
  std::vector<MPI_Request> two(2, MPI_REQUEST_NULL);
  APP_PERSISTENT(Bcast)(bcast.data(), 21, MPI_INT, 0, MPI_COMM_WORLD, MPI_INFO_NULL, &two[0]);
  APP_PERSISTENT(Gather)
  (send.data(), 22, MPI_INT, gathered.data(), 22, MPI_INT, 0, MPI_COMM_WORLD, MPI_INFO_NULL,
   &two[1]);
  for (int round = 0; round < 2; ++round) {
    MPI_Start(&allreduce);
    int done = 0;
    while (done == 0) MPI_Test(&allreduce, &done, MPI_STATUS_IGNORE);
    MPI_Startall(2, two.data());
    MPI_Waitall(2, two.data(), MPI_STATUSES_IGNORE);
  }
  MPI_Request_free(&allreduce);
  MPI_Request_free(&two[0]);
  MPI_Request_free(&two[1]);
  if (recv.empty()) std::abort();  // the results are unused: the capture is what is tested
}
#endif

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, size = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  const int calls = argc > 1 ? std::atoi(argv[1]) : 20;
  const std::string mode = argc > 2 ? argv[2] : "";
  long long total = 0;
  for (int i = 0; i < calls && mode == "nbc"; ++i) {
    long long mine = rank + i, sum = 0;
    MPI_Request request = MPI_REQUEST_NULL;
    MPI_Iallreduce(&mine, &sum, 1, MPI_LONG_LONG, MPI_SUM, MPI_COMM_WORLD, &request);
    const std::chrono::microseconds half(500 * (rank + 1));
    compute_for(half);
    int done = 0;
    MPI_Test(&request, &done, MPI_STATUS_IGNORE);
    compute_for(half);
    MPI_Wait(&request, MPI_STATUS_IGNORE);
    total += sum;
  }
  for (int i = 0; i < calls && mode != "nbc"; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(rank));
    long long mine = rank + i, sum = 0;
    MPI_Allreduce(&mine, &sum, 1, MPI_LONG_LONG, MPI_SUM, MPI_COMM_WORLD);
    total += sum;
  }
  // "abort": end like a crashing application, before MPI_Finalize.
  if (mode == "abort") MPI_Abort(MPI_COMM_WORLD, 3);
  // "shapes": every other collective the capture wraps once, each with its own count, so the
  // test sees what each records (capture/call_shapes.hpp): reduce 5 at root 1, scatter 3 and
  // gather 2 at root 0 (the root sends or receives one block of 3 or 2 ints per rank; the
  // others, one block), allgather 4, alltoall 6, allgatherv rank r's block r + 1, alltoallv blocks
  // of 7, reduce_scatter 8 and reduce_scatter_block 9 per rank; gatherv and scatterv at root 0
  // with rank r's block r + 2, scan 10, exscan 11; the nonblocking ones ireduce 12 at root 1,
  // ibcast 13, iallgather 14, ialltoall 15, igather 16, iscatter 17, each completed by another
  // of the wait and test calls; where the library has persistent collectives,
  // persistent_shapes' allreduce 20, bcast 21 and gather 22.
  if (mode == "shapes") {
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
    std::vector<int> v_counts(n), v_displs(n);
    for (std::size_t r = 0; r < n; ++r) {
      v_counts[r] = static_cast<int>(r) + 2;
      v_displs[r] = r == 0 ? 0 : v_displs[r - 1] + v_counts[r - 1];
    }
    MPI_Gatherv(send.data(), rank + 2, MPI_INT, recv.data(), v_counts.data(), v_displs.data(),
                MPI_INT, 0, MPI_COMM_WORLD);
    MPI_Scatterv(send.data(), v_counts.data(), v_displs.data(), MPI_INT, recv.data(), rank + 2,
                 MPI_INT, 0, MPI_COMM_WORLD);
    MPI_Scan(send.data(), recv.data(), 10, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    MPI_Exscan(send.data(), recv.data(), 11, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    std::vector<int> send2(64 * n, rank), recv2(64 * n), send3(64 * n, rank), recv3(64 * n),
        bcast(13, rank);
    std::vector<MPI_Request> two(2, MPI_REQUEST_NULL), one(1, MPI_REQUEST_NULL);
    MPI_Ireduce(send.data(), recv.data(), 12, MPI_INT, MPI_SUM, 1 % size, MPI_COMM_WORLD, &two[0]);
    MPI_Ibcast(bcast.data(), 13, MPI_INT, 0, MPI_COMM_WORLD, &two[1]);
    complete_all(two, "waitall");
    MPI_Iallgather(send.data(), 14, MPI_INT, recv.data(), 14, MPI_INT, MPI_COMM_WORLD, &two[0]);
    MPI_Ialltoall(send2.data(), 15, MPI_INT, recv2.data(), 15, MPI_INT, MPI_COMM_WORLD, &two[1]);
    complete_all(two, "waitany");
    MPI_Igather(send.data(), 16, MPI_INT, recv.data(), 16, MPI_INT, 0, MPI_COMM_WORLD, &one[0]);
    complete_all(one, "testsome");
    MPI_Iscatter(send3.data(), 17, MPI_INT, recv3.data(), 17, MPI_INT, 0, MPI_COMM_WORLD, &one[0]);
    complete_all(one, "testany");
    MPI_Iallreduce(send.data(), recv.data(), 18, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &one[0]);
    complete_all(one, "testall");
    MPI_Iallreduce(send2.data(), recv2.data(), 19, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &one[0]);
    complete_all(one, "waitsome");
#if defined(PAPBENCH_APP_PERSISTENT_MPI4) || defined(PAPBENCH_APP_PERSISTENT_MPIX)
    persistent_shapes(send, recv, bcast);
#endif
  }
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Comm half = MPI_COMM_NULL;
  MPI_Comm_split(MPI_COMM_WORLD, rank % 2, rank, &half);
  int value = rank;
  MPI_Bcast(&value, 1, MPI_INT, 0, half);
  MPI_Comm_free(&half);
  if (rank == 0) {
    std::printf("synthetic app: %d %sallreduces, checksum %lld\n", calls,
                mode == "nbc" ? "nonblocking " : "", total);
  }
  MPI_Finalize();
  return 0;
}
