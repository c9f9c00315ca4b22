#include "bench/run/arrival_board.hpp"

#include <chrono>
#include <exception>
#include <thread>

namespace papbench {

static_assert(std::atomic_ref<std::int64_t>::is_always_lock_free,
              "the record is shared between processes: its atomics must not hide a lock");

ArrivalBoard::ArrivalBoard(MPI_Comm world) {
  MPI_Comm node = MPI_COMM_NULL;
  mpi_check(
      MPI_Comm_split_type(world, MPI_COMM_TYPE_SHARED, comm_rank(world), MPI_INFO_NULL, &node),
      "MPI_Comm_split_type");
  node_ = Comm(node);
  node_rank_ = node_.rank();
  const int n = node_.size();

  // Node rank 0 holds the whole record (a header line, then one line per rank) so that every
  // rank finds it at one base; one line of slack lets each process align it to a line.
  const auto bytes =
      static_cast<MPI_Aint>(node_rank_ == 0 ? (static_cast<std::size_t>(n) + 2) * kLine : 0);
  void* mine = nullptr;
  mpi_check(MPI_Win_allocate_shared(bytes, 1, MPI_INFO_NULL, node_.get(), &mine, &win_),
            "MPI_Win_allocate_shared");
  MPI_Aint size = 0;
  int disp = 0;
  void* shared = nullptr;
  mpi_check(MPI_Win_shared_query(win_, 0, &size, &disp, &shared), "MPI_Win_shared_query");
  // Stores and loads go through C++ atomics, not MPI: shared windows use the unified memory model
  // in Open MPI 4.1 and MPICH 4.0 (MPI_WIN_MODEL, checked), where the processes' loads and stores
  // meet in one copy, and the watchdog thread could not call MPI_Win_sync anyway.
  // The segment's offset within a page is the same in every process that maps it, so aligning
  // each process's address up to a line finds the same bytes everywhere.
  const auto addr = reinterpret_cast<std::uintptr_t>(shared);
  base_ = reinterpret_cast<std::int64_t*>((addr + kLine - 1) / kLine * kLine);
  if (node_rank_ == 0) {
    header(0).store(0);
    header(1).store(0);
    for (int r = 0; r < n; ++r) {
      slot(r, kArrived).store(-1);
      slot(r, kReturned).store(-1);
    }
  }

  MPI_Group world_group = MPI_GROUP_NULL;
  MPI_Group node_group = MPI_GROUP_NULL;
  mpi_check(MPI_Comm_group(world, &world_group), "MPI_Comm_group");
  mpi_check(MPI_Comm_group(node_.get(), &node_group), "MPI_Comm_group");
  std::vector<int> node_ranks(static_cast<std::size_t>(n));
  for (int r = 0; r < n; ++r) node_ranks[static_cast<std::size_t>(r)] = r;
  world_ranks_.resize(static_cast<std::size_t>(n));
  mpi_check(
      MPI_Group_translate_ranks(node_group, n, node_ranks.data(), world_group, world_ranks_.data()),
      "MPI_Group_translate_ranks");
  mpi_check(MPI_Group_free(&node_group), "MPI_Group_free");
  mpi_check(MPI_Group_free(&world_group), "MPI_Group_free");
  // Nobody stores before node rank 0 has initialised the record.
  mpi_check(MPI_Barrier(node_.get()), "MPI_Barrier");
}

ArrivalBoard::~ArrivalBoard() {
  // MPI_Win_free is collective: during unwinding the other ranks may never come (the job is
  // about to be aborted, or finalized, which reclaims the window), so only a normal end frees it.
  if (win_ != MPI_WIN_NULL && std::uncaught_exceptions() == 0) MPI_Win_free(&win_);
}

std::atomic_ref<std::int64_t> ArrivalBoard::slot(int node_rank, Field f) const {
  constexpr std::size_t kPerLine = kLine / sizeof(std::int64_t);
  return std::atomic_ref<std::int64_t>(
      base_[(static_cast<std::size_t>(node_rank) + 1) * kPerLine + static_cast<std::size_t>(f)]);
}

std::atomic_ref<std::int64_t> ArrivalBoard::header(std::size_t field) const {
  return std::atomic_ref<std::int64_t>(base_[field]);
}

ArrivalBoard::Snapshot ArrivalBoard::snapshot(std::int64_t call) const {
  Snapshot s;
  for (int r = 0; r < node_size(); ++r) {
    const int world_rank = world_ranks_[static_cast<std::size_t>(r)];
    if (slot(r, kReturned).load(std::memory_order_acquire) >= call) {
      s.returned.push_back(world_rank);
    } else if (slot(r, kArrived).load(std::memory_order_acquire) >= call) {
      s.in_call.push_back(world_rank);
    } else {
      s.not_arrived.push_back(world_rank);
    }
  }
  return s;
}

bool ArrivalBoard::earlier_in_progress(std::int64_t call) const {
  for (int r = 0; r < node_size(); ++r) {
    if (r == node_rank_) continue;
    const std::int64_t arrived = slot(r, kArrived).load(std::memory_order_acquire);
    if (arrived < call && slot(r, kReturned).load(std::memory_order_acquire) < arrived) return true;
  }
  return false;
}

bool ArrivalBoard::claim_report() {
  std::int64_t free = 0;
  return header(0).compare_exchange_strong(free, 1, std::memory_order_acq_rel);
}

void ArrivalBoard::report_done() {
  header(1).store(1, std::memory_order_release);
}

bool ArrivalBoard::wait_report_done(int max_ms) const {
  for (int waited = 0; waited < max_ms; waited += 10) {
    if (header(1).load(std::memory_order_acquire) != 0) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return false;
}

}  // namespace papbench
