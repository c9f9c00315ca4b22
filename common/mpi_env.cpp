#include "common/mpi_env.hpp"

#include <fmt/format.h>

#include <cstdlib>
#include <initializer_list>

namespace papbench {

MpiSession::MpiSession(int* argc, char*** argv, int required) {
  // The thread level reached is checked where it matters (the PAT runtime refuses to start
  // without MPI_THREAD_MULTIPLE).
  int provided = 0;
  mpi_check(MPI_Init_thread(argc, argv, required, &provided), "MPI_Init_thread");
  // Errors come back as return codes so that they can be turned into exceptions with context.
  mpi_check(MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN), "MPI_Comm_set_errhandler");
}

// Destructors cannot throw: the MPI calls below report nothing, and MPI's teardown is the
// library's business once the program is leaving anyway.
MpiSession::~MpiSession() {
  int finalized = 0;
  MPI_Finalized(&finalized);
  if (!finalized) MPI_Finalize();
}

int mpi_thread_level() {
  int provided = MPI_THREAD_SINGLE;
  mpi_check(MPI_Query_thread(&provided), "MPI_Query_thread");
  return provided;
}

std::string_view thread_level_name(int level) {
  if (level == MPI_THREAD_SINGLE) return "single";
  if (level == MPI_THREAD_FUNNELED) return "funneled";
  if (level == MPI_THREAD_SERIALIZED) return "serialized";
  if (level == MPI_THREAD_MULTIPLE) return "multiple";
  return "unknown";
}

Comm Comm::dup(MPI_Comm c) {
  MPI_Comm out = MPI_COMM_NULL;
  mpi_check(MPI_Comm_dup(c, &out), "MPI_Comm_dup");
  return Comm(out);
}

int Comm::rank() const {
  return comm_rank(comm_);
}

int Comm::size() const {
  return comm_size(comm_);
}

void Comm::reset() {  // runs in ~Comm, so unchecked (see ~MpiSession)
  if (comm_ != MPI_COMM_NULL && comm_ != MPI_COMM_WORLD && comm_ != MPI_COMM_SELF) {
    int finalized = 0;
    MPI_Finalized(&finalized);
    if (!finalized) MPI_Comm_free(&comm_);
  }
  comm_ = MPI_COMM_NULL;
}

void mpi_check(int rc, const char* what) {
  if (rc == MPI_SUCCESS) return;
  char text[MPI_MAX_ERROR_STRING];
  int len = 0;
  MPI_Error_string(rc, text, &len);
  throw MpiError(fmt::format("{} failed: {}", what, std::string(text, len)));
}

int comm_rank(MPI_Comm comm) {
  int r = 0;
  mpi_check(MPI_Comm_rank(comm, &r), "MPI_Comm_rank");
  return r;
}

int comm_size(MPI_Comm comm) {
  int s = 0;
  mpi_check(MPI_Comm_size(comm, &s), "MPI_Comm_size");
  return s;
}

int world_rank() {
  return comm_rank(MPI_COMM_WORLD);
}

namespace {

// The first of the variables that is set, as a number; `fallback` when none is.
int launcher_env(std::initializer_list<const char*> names, int fallback) {
  for (const char* name : names) {
    const char* v = std::getenv(name);
    if (v != nullptr && *v != '\0') return std::atoi(v);
  }
  return fallback;
}

}  // namespace

int launcher_rank() {
  return launcher_env({"OMPI_COMM_WORLD_RANK", "PMI_RANK", "PMIX_RANK", "SLURM_PROCID"}, 0);
}

int launcher_size() {
  // SMPI_GLOBAL_SIZE: smpirun's -np (SimGrid 3.32's smpirun exports it for user code); every
  // simulated rank is a thread of smpimain, so no per-rank launcher variable exists there.
  return launcher_env({"OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "SLURM_NTASKS", "SMPI_GLOBAL_SIZE"}, 1);
}

int world_size() {
  return comm_size(MPI_COMM_WORLD);
}

std::string mpi_library_version() {
  char text[MPI_MAX_LIBRARY_VERSION_STRING];
  int len = 0;
  mpi_check(MPI_Get_library_version(text, &len), "MPI_Get_library_version");
  std::string s(text, len);
  while (!s.empty() && (s.back() == '\n' || s.back() == '\0')) s.pop_back();
  return s;
}

std::string processor_name() {
  char text[MPI_MAX_PROCESSOR_NAME];
  int len = 0;
  mpi_check(MPI_Get_processor_name(text, &len), "MPI_Get_processor_name");
  return std::string(text, len);
}

std::vector<std::string> allgather_strings(MPI_Comm comm, const std::string& mine) {
  const int size = comm_size(comm);
  int len = static_cast<int>(mine.size());
  std::vector<int> lens(size), displs(size);
  mpi_check(MPI_Allgather(&len, 1, MPI_INT, lens.data(), 1, MPI_INT, comm), "MPI_Allgather");
  int total = 0;
  for (int i = 0; i < size; ++i) {
    displs[i] = total;
    total += lens[i];
  }
  std::string all(static_cast<std::size_t>(total), '\0');
  mpi_check(MPI_Allgatherv(mine.data(), len, MPI_CHAR, all.data(), lens.data(), displs.data(),
                           MPI_CHAR, comm),
            "MPI_Allgatherv");
  std::vector<std::string> out;
  for (int i = 0; i < size; ++i) out.push_back(all.substr(displs[i], lens[i]));
  return out;
}

}  // namespace papbench
