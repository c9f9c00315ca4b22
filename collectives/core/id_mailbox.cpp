#include "collectives/core/id_mailbox.hpp"

#include <algorithm>
#include <stdexcept>

#include "collectives/core/probe_wait.hpp"
#include "common/smpi_platform.hpp"

namespace papbench {

namespace {
std::byte g_empty;  // the address of an empty message's buffer
// An identification message is empty, except under SMPI: SimGrid 3.32 frees the buffer of an
// eager (detached) send that never completes, a cancelled one included
// (kernel/activity/CommImpl.cpp, clean_fun), and copies only a non-empty buffer first: a
// cancelled empty send freed g_empty itself ("free(): invalid pointer" at exit). One byte makes
// SMPI send its own copy; it costs the simulated message nothing measurable (16 bytes of
// envelope).
constexpr int kIdBytes = smpi::kSimulated ? 1 : 0;
}  // namespace

GenerationTags::GenerationTags(int base) : base_(base) {
  void* value = nullptr;
  int flag = 0;
  // The standard attaches MPI_TAG_UB to MPI_COMM_WORLD; its value holds for every communicator.
  mpi_check(MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_TAG_UB, &value, &flag), "MPI_Comm_get_attr");
  const int ub = flag != 0 ? *static_cast<int*>(value) : 32767;  // the standard's minimum
  if (ub <= base) throw std::logic_error("GenerationTags: base above MPI_TAG_UB");
  cycle_ = static_cast<std::uint64_t>(ub - base) + 1;
}

int GenerationTags::tag(std::uint64_t generation) const {
  return base_ + static_cast<int>(generation % cycle_);
}

std::uint64_t GenerationTags::generation(int tag, std::uint64_t current) const {
  const std::uint64_t residue = static_cast<std::uint64_t>(tag - base_);
  const std::uint64_t ahead = (residue + cycle_ - current % cycle_) % cycle_;
  return ahead < cycle_ / 2 ? current + ahead : current - (cycle_ - ahead);
}

IdMailbox::IdMailbox(MPI_Comm comm, int tag_base) : comm_(Comm::dup(comm)), tags_(tag_base) {
  // take() waits by probing, and discard_before() probes at every call's entry.
  require_uncharged_polls("a dynamic leader's identification mailbox (bcast/reduce dynleader)");
  sent_to_rank_.assign(static_cast<std::size_t>(comm_.size()), 0);
  sends_.reserve(static_cast<std::size_t>(comm_.size()));
  send_to_.reserve(static_cast<std::size_t>(comm_.size()));
  early_.reserve(static_cast<std::size_t>(comm_.size()));
}

IdMailbox& IdMailbox::operator=(IdMailbox&& o) noexcept {
  if (this != &o) {
    drain_noexcept();
    comm_ = std::move(o.comm_);
    tags_ = o.tags_;
    sends_ = std::move(o.sends_);
    send_to_ = std::move(o.send_to_);
    sent_to_rank_ = std::move(o.sent_to_rank_);
    received_ = std::exchange(o.received_, 0);
    early_ = std::move(o.early_);
    current_ = o.current_;
  }
  return *this;
}

void IdMailbox::announce(std::uint64_t generation, std::span<const int> to) {
  for (const int dest : to) {
    MPI_Request r = MPI_REQUEST_NULL;
    mpi_check(MPI_Isend(&g_empty, kIdBytes, MPI_BYTE, dest, tags_.tag(generation), comm_.get(), &r),
              "MPI_Isend");
    sends_.push_back(r);
    send_to_.push_back(dest);
    ++sent_to_rank_[static_cast<std::size_t>(dest)];
  }
}

void IdMailbox::receive(MPI_Status& status, std::uint64_t current) {
  mpi_check(MPI_Recv(&g_empty, kIdBytes, MPI_BYTE, status.MPI_SOURCE, status.MPI_TAG, comm_.get(),
                     MPI_STATUS_IGNORE),
            "MPI_Recv");
  ++received_;
  const std::uint64_t generation = tags_.generation(status.MPI_TAG, current);
  if (generation >= current) early_.emplace_back(generation, status.MPI_SOURCE);
}

int IdMailbox::take(std::uint64_t generation) {
  current_ = std::max(current_, generation);
  for (;;) {
    const auto it =
        std::ranges::find_if(early_, [generation](const auto& e) { return e.first == generation; });
    if (it != early_.end()) {
      const int sender = it->second;
      early_.erase(it);
      return sender;
    }
    MPI_Status status;
    probe_wait(MPI_ANY_SOURCE, MPI_ANY_TAG, comm_.get(), &status);
    receive(status, generation);
  }
}

void IdMailbox::discard_before(std::uint64_t generation) {
  current_ = std::max(current_, generation);
  std::erase_if(early_, [generation](const auto& e) { return e.first < generation; });
  for (;;) {
    int flag = 0;
    MPI_Status status;
    mpi_check(MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, comm_.get(), &flag, &status), "MPI_Iprobe");
    if (flag == 0) break;
    receive(status, generation);
  }
  // Completed sends leave the books; the others stay for a later call or drain().
  std::size_t kept = 0;
  for (std::size_t i = 0; i < sends_.size(); ++i) {
    int done = 0;
    mpi_check(MPI_Test(&sends_[i], &done, MPI_STATUS_IGNORE), "MPI_Test");
    if (done == 0) {
      sends_[kept] = sends_[i];
      send_to_[kept] = send_to_[i];
      ++kept;
    }
  }
  sends_.resize(kept);
  send_to_.resize(kept);
}

void IdMailbox::cancel_pending() {
  for (std::size_t i = 0; i < sends_.size(); ++i) {
    mpi_check(MPI_Cancel(&sends_[i]), "MPI_Cancel");
    MPI_Status status;
    mpi_check(MPI_Wait(&sends_[i], &status), "MPI_Wait");
    int cancelled = 0;
    mpi_check(MPI_Test_cancelled(&status, &cancelled), "MPI_Test_cancelled");
    if (cancelled != 0) --sent_to_rank_[static_cast<std::size_t>(send_to_[i])];
  }
  sends_.clear();
  send_to_.clear();
}

void IdMailbox::drain() {
  if (!comm_) return;
  int addressed = 0;
  mpi_check(
      MPI_Reduce_scatter_block(sent_to_rank_.data(), &addressed, 1, MPI_INT, MPI_SUM, comm_.get()),
      "MPI_Reduce_scatter_block");
  for (; received_ < addressed; ++received_) {
    mpi_check(MPI_Recv(&g_empty, kIdBytes, MPI_BYTE, MPI_ANY_SOURCE, MPI_ANY_TAG, comm_.get(),
                       MPI_STATUS_IGNORE),
              "MPI_Recv");
  }
  mpi_check(MPI_Waitall(static_cast<int>(sends_.size()), sends_.data(), MPI_STATUSES_IGNORE),
            "MPI_Waitall");
  sends_.clear();
  send_to_.clear();
  std::ranges::fill(sent_to_rank_, 0);
  received_ = 0;
  early_.clear();
}

void IdMailbox::drain_noexcept() noexcept {
  try {
    drain();
  } catch (...) {  // a destructor cannot throw; MPI has failed already and will abort
  }
  comm_.reset();
}

}  // namespace papbench
