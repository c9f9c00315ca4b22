#pragma once
// What an MPI test program's own code asks of MPI, counted through the profiling interface: this
// header defines MPI_Comm_dup, MPI_Comm_split, ..., which the program's calls (those of the
// papbench libraries linked into it included) reach first, and which go on to PMPI_*. The MPI
// library's internal calls do not come here. Include it in one translation unit per program.

#include <mpi.h>

namespace papbench::mpi_test {

struct ObjectCounts {
  long live_comms = 0, live_windows = 0;  // made and not yet freed
  int largest_shared_window_comm = 0;     // ranks of the largest MPI_Win_allocate_shared comm
  long isends = 0;                        // MPI_Isend calls
};

inline ObjectCounts& object_counts() {
  static ObjectCounts c;
  return c;
}

}  // namespace papbench::mpi_test

extern "C" {
inline void papbench_count_comm(int rc, MPI_Comm made) {
  if (rc == MPI_SUCCESS && made != MPI_COMM_NULL) ++papbench::mpi_test::object_counts().live_comms;
}
int MPI_Comm_dup(MPI_Comm comm, MPI_Comm* out) {
  const int rc = PMPI_Comm_dup(comm, out);
  papbench_count_comm(rc, *out);
  return rc;
}
int MPI_Comm_split(MPI_Comm comm, int colour, int key, MPI_Comm* out) {
  const int rc = PMPI_Comm_split(comm, colour, key, out);
  papbench_count_comm(rc, *out);
  return rc;
}
int MPI_Comm_split_type(MPI_Comm comm, int type, int key, MPI_Info info, MPI_Comm* out) {
  const int rc = PMPI_Comm_split_type(comm, type, key, info, out);
  papbench_count_comm(rc, *out);
  return rc;
}
int MPI_Comm_create(MPI_Comm comm, MPI_Group group, MPI_Comm* out) {
  const int rc = PMPI_Comm_create(comm, group, out);
  papbench_count_comm(rc, *out);
  return rc;
}
int MPI_Comm_free(MPI_Comm* comm) {
  const int rc = PMPI_Comm_free(comm);
  if (rc == MPI_SUCCESS) --papbench::mpi_test::object_counts().live_comms;
  return rc;
}
int MPI_Win_allocate_shared(MPI_Aint size, int disp_unit, MPI_Info info, MPI_Comm comm, void* base,
                            MPI_Win* win) {
  const int rc = PMPI_Win_allocate_shared(size, disp_unit, info, comm, base, win);
  papbench::mpi_test::ObjectCounts& c = papbench::mpi_test::object_counts();
  if (rc == MPI_SUCCESS) ++c.live_windows;
  int ranks = 0;
  PMPI_Comm_size(comm, &ranks);
  if (ranks > c.largest_shared_window_comm) c.largest_shared_window_comm = ranks;
  return rc;
}
int MPI_Win_allocate(MPI_Aint size, int disp_unit, MPI_Info info, MPI_Comm comm, void* base,
                     MPI_Win* win) {
  const int rc = PMPI_Win_allocate(size, disp_unit, info, comm, base, win);
  if (rc == MPI_SUCCESS) ++papbench::mpi_test::object_counts().live_windows;
  return rc;
}
int MPI_Win_free(MPI_Win* win) {
  const int rc = PMPI_Win_free(win);
  if (rc == MPI_SUCCESS) --papbench::mpi_test::object_counts().live_windows;
  return rc;
}
int MPI_Isend(const void* buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm,
              MPI_Request* request) {
  ++papbench::mpi_test::object_counts().isends;
  return PMPI_Isend(buf, count, type, dest, tag, comm, request);
}
}  // extern "C"
