#pragma once
// RAII owners for MPI handles. Every communicator papbench creates is owned by a Comm so that an
// exception on any path frees it; MPI_COMM_WORLD/MPI_COMM_NULL are never freed.

#include <mpi.h>

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "common/errors.hpp"

namespace papbench {

// Initializes MPI with MPI_THREAD_MULTIPLE (the PAT background thread needs it) and finalizes it.
class MpiSession {
 public:
  // required: the MPI_THREAD_* level asked of MPI_Init_thread. Ask for MPI_THREAD_MULTIPLE only
  // where a thread other than the main one calls MPI: it makes some libraries lock every call.
  MpiSession(int* argc, char*** argv, int required = MPI_THREAD_MULTIPLE);
  ~MpiSession();
  MpiSession(const MpiSession&) = delete;
  MpiSession& operator=(const MpiSession&) = delete;
};

class Comm {
 public:
  Comm() = default;
  explicit Comm(MPI_Comm c) : comm_(c) {}
  ~Comm() { reset(); }
  Comm(Comm&& o) noexcept : comm_(std::exchange(o.comm_, MPI_COMM_NULL)) {}
  Comm& operator=(Comm&& o) noexcept {
    if (this != &o) {
      reset();
      comm_ = std::exchange(o.comm_, MPI_COMM_NULL);
    }
    return *this;
  }
  Comm(const Comm&) = delete;
  Comm& operator=(const Comm&) = delete;

  static Comm dup(MPI_Comm c);
  MPI_Comm get() const { return comm_; }
  explicit operator bool() const { return comm_ != MPI_COMM_NULL; }
  int rank() const;
  int size() const;
  void reset();

 private:
  MPI_Comm comm_ = MPI_COMM_NULL;
};

// An MPI call failed; what() names the call, then MPI's error string.
class MpiError : public Error {
 public:
  using Error::Error;
};

// Throws MpiError("<what> failed: <MPI's error string>") when rc != MPI_SUCCESS.
void mpi_check(int rc, const char* what);

// This rank's index in, and the size of, a communicator (checked).
int comm_rank(MPI_Comm comm);
int comm_size(MPI_Comm comm);
int world_rank();
// This process's rank as the launcher (mpiexec, srun) announces it in the environment
// (OMPI_COMM_WORLD_RANK, PMI_RANK, PMIX_RANK, SLURM_PROCID), 0 when run alone. For the
// commands that never start MPI, which still print once under `mpiexec -n 4`.
int launcher_rank();
// The job's size as the launcher announces it (OMPI_COMM_WORLD_SIZE, PMI_SIZE, SLURM_NTASKS,
// smpirun's SMPI_GLOBAL_SIZE), 1 when run alone.
int launcher_size();
int world_size();
std::string mpi_library_version();
// The MPI_THREAD_* level MPI provides (MPI_Query_thread), and its name: "single", "funneled",
// "serialized" or "multiple".
int mpi_thread_level();
std::string_view thread_level_name(int level);
std::string processor_name();

// Gathers one string per rank to every rank (order by rank).
std::vector<std::string> allgather_strings(MPI_Comm comm, const std::string& mine);

}  // namespace papbench
