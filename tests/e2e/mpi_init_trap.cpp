// LD_PRELOADed by e2e.cli_errors: a process that reaches MPI_Init ends there with exit code 99
// and says so, so a refusal that still exits 2 under it was made before MPI started (issue 47:
// refused run options cost MPI's start-up, 0.375 s against 0.02 s for --version). Declared
// without mpi.h, so the same library serves Open MPI and MPICH builds.
#include <cstdio>
#include <cstdlib>

namespace {

[[noreturn]] void trapped(const char* name) {
  std::fprintf(stderr, "mpi_init_trap: %s was called\n", name);
  std::exit(99);
}

}  // namespace

extern "C" int MPI_Init(int* /*argc*/, char*** /*argv*/) {
  trapped("MPI_Init");
}

extern "C" int MPI_Init_thread(int* /*argc*/, char*** /*argv*/, int /*required*/,
                               int* /*provided*/) {
  trapped("MPI_Init_thread");
}
