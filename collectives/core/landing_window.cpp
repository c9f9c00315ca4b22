#include "collectives/core/landing_window.hpp"

#include <cstring>
#include <utility>

#include "collectives/core/algorithm.hpp"
#include "collectives/core/node_shared.hpp"
#include "common/mpi_env.hpp"

namespace papbench {

// The state words first, each on its own cache line (a poller's line is not a writer's), then
// the data slots, each starting on a line.
LandingWindow::LandingWindow(MPI_Comm comm, bool lands, int slots, std::size_t slot_bytes)
    : slots_(slots), slot_bytes_(round_to_line(slot_bytes)) {
  const std::size_t bytes =
      lands ? static_cast<std::size_t>(slots) * (kCacheLine + slot_bytes_) : 0;
  void* base = nullptr;
  mpi_check(MPI_Win_allocate(static_cast<MPI_Aint>(bytes), 1, MPI_INFO_NULL, comm, &base, &win_),
            "MPI_Win_allocate");
  if (bytes > 0) std::memset(base, 0, bytes);  // every slot empty
  mpi_check(MPI_Win_lock_all(MPI_MODE_NOCHECK, win_), "MPI_Win_lock_all");
  // The local stores above reach the window's public copy before anyone reads it remotely.
  mpi_check(MPI_Win_sync(win_), "MPI_Win_sync");
  mpi_check(MPI_Barrier(comm), "MPI_Barrier");
}

LandingWindow& LandingWindow::operator=(LandingWindow&& o) noexcept {
  if (this != &o) {
    reset();
    win_ = std::exchange(o.win_, MPI_WIN_NULL);
    slots_ = std::exchange(o.slots_, 0);
    slot_bytes_ = std::exchange(o.slot_bytes_, 0);
  }
  return *this;
}

MPI_Aint LandingWindow::state_disp(int slot) const {
  return static_cast<MPI_Aint>(static_cast<std::size_t>(slot) * kCacheLine);
}

MPI_Aint LandingWindow::data_disp(int slot) const {
  return static_cast<MPI_Aint>(static_cast<std::size_t>(slots_) * kCacheLine +
                               static_cast<std::size_t>(slot) * slot_bytes_);
}

std::uint64_t LandingWindow::state(int target, int slot) {
  const std::uint64_t unused = 0;
  std::uint64_t value = 0;
  mpi_check(
      MPI_Fetch_and_op(&unused, &value, MPI_UINT64_T, target, state_disp(slot), MPI_NO_OP, win_),
      "MPI_Fetch_and_op");
  mpi_check(MPI_Win_flush(target, win_), "MPI_Win_flush");
  return value;
}

void LandingWindow::set_state(int target, int slot, std::uint64_t value) {
  mpi_check(MPI_Accumulate(&value, 1, MPI_UINT64_T, target, state_disp(slot), 1, MPI_UINT64_T,
                           MPI_REPLACE, win_),
            "MPI_Accumulate");
  mpi_check(MPI_Win_flush(target, win_), "MPI_Win_flush");
}

void LandingWindow::deposit(int target, int slot, const void* data, std::size_t bytes,
                            std::uint64_t generation) {
  SpinBackoff backoff;
  while (state(target, slot) != 0) backoff.pause();  // the receiver of call generation - k
  mpi_check(MPI_Put(data, count_as_int(bytes, "one-sided bytes"), MPI_BYTE, target, data_disp(slot),
                    count_as_int(bytes, "one-sided bytes"), MPI_BYTE, win_),
            "MPI_Put");
  // The data is complete at the target before the flag says so.
  mpi_check(MPI_Win_flush(target, win_), "MPI_Win_flush");
  set_state(target, slot, generation);
}

bool LandingWindow::holds(int target, int slot, std::uint64_t generation) {
  return state(target, slot) == generation;
}

void LandingWindow::take(int target, int slot, void* to, std::size_t bytes) {
  mpi_check(MPI_Get(to, count_as_int(bytes, "one-sided bytes"), MPI_BYTE, target, data_disp(slot),
                    count_as_int(bytes, "one-sided bytes"), MPI_BYTE, win_),
            "MPI_Get");
  mpi_check(MPI_Win_flush(target, win_), "MPI_Win_flush");
  set_state(target, slot, 0);
}

void LandingWindow::reset() noexcept {
  if (win_ == MPI_WIN_NULL) return;
  MPI_Win_unlock_all(win_);  // a destructor cannot throw; MPI aborts on its own errors
  MPI_Win_free(&win_);
  win_ = MPI_WIN_NULL;
}

}  // namespace papbench
