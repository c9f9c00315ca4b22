#include "collectives/nonblocking/schedule.hpp"

#include "collectives/core/algorithm.hpp"
#include "common/mpi_env.hpp"

namespace papbench::nbc {

std::vector<Step>& Schedule::current() {
  if (!open_) {
    rounds_.emplace_back();
    open_ = true;
  }
  return rounds_.back();
}

void Schedule::send(Ref from, std::size_t count, int peer) {
  current().push_back(
      {.kind = Step::Kind::kSend, .from = from, .to = {}, .count = count, .peer = peer});
}
void Schedule::recv(Ref to, std::size_t count, int peer) {
  current().push_back(
      {.kind = Step::Kind::kRecv, .from = {}, .to = to, .count = count, .peer = peer});
}
void Schedule::combine(Ref from, Ref to, std::size_t count) {
  if (count == 0) return;
  current().push_back(
      {.kind = Step::Kind::kCombine, .from = from, .to = to, .count = count, .peer = -1});
}
void Schedule::copy(Ref from, Ref to, std::size_t count) {
  if (count == 0) return;
  current().push_back(
      {.kind = Step::Kind::kCopy, .from = from, .to = to, .count = count, .peer = -1});
}
void Schedule::end_round() {
  open_ = false;
}

void Engine::start(const Schedule& schedule, const Binding& binding) {
  schedule_ = &schedule;
  b_ = binding;
  extent_ = extent_of(binding.dtype);
  next_round_ = 0;
  requests_.clear();
  // libnbc starts the first round inside the MPI_I<collective> call (NBC_Start).
  if (!schedule.rounds().empty()) start_round();
}

const void* Engine::address(Ref r) const {
  switch (r.buf) {
    case Buf::kSend:
      return at(b_.send, r.elem, extent_);
    case Buf::kRecv:
      return at(b_.recv, r.elem, extent_);
    case Buf::kTmp:
      return at(b_.tmp, r.elem, extent_);
  }
  return nullptr;
}

void* Engine::mutable_address(Ref r) const {
  // Schedules write the receive buffer and scratch only; the caller's send buffer stays const.
  return r.buf == Buf::kTmp ? at(b_.tmp, r.elem, extent_) : at(b_.recv, r.elem, extent_);
}

void Engine::start_round() {
  for (const Step& s : schedule_->rounds()[next_round_]) {
    switch (s.kind) {
      case Step::Kind::kSend:
        requests_.push_back(MPI_REQUEST_NULL);
        mpi_check(MPI_Isend(address(s.from), count_as_int(s.count, "schedule send count"), b_.dtype,
                            s.peer, b_.tag, b_.comm, &requests_.back()),
                  "MPI_Isend");
        break;
      case Step::Kind::kRecv:
        requests_.push_back(MPI_REQUEST_NULL);
        mpi_check(MPI_Irecv(mutable_address(s.to), count_as_int(s.count, "schedule recv count"),
                            b_.dtype, s.peer, b_.tag, b_.comm, &requests_.back()),
                  "MPI_Irecv");
        break;
      case Step::Kind::kCombine:
        combine(static_cast<const std::byte*>(address(s.from)),
                static_cast<std::byte*>(mutable_address(s.to)), s.count, b_.dtype, b_.op);
        break;
      case Step::Kind::kCopy:
        local_copy(address(s.from), mutable_address(s.to), s.count, extent_);
        break;
    }
  }
  ++next_round_;
}

bool Engine::test() {
  if (schedule_ == nullptr) return true;
  for (;;) {
    if (!requests_.empty()) {
      int done = 0;
      mpi_check(MPI_Testall(static_cast<int>(requests_.size()), requests_.data(), &done,
                            MPI_STATUSES_IGNORE),
                "MPI_Testall");
      if (done == 0) return false;
      requests_.clear();
    }
    if (next_round_ == schedule_->rounds().size()) return true;
    start_round();
  }
}

void Engine::wait() {
  if (schedule_ == nullptr) return;
  for (;;) {
    if (!requests_.empty()) {
      mpi_check(
          MPI_Waitall(static_cast<int>(requests_.size()), requests_.data(), MPI_STATUSES_IGNORE),
          "MPI_Waitall");
      requests_.clear();
    }
    if (next_round_ == schedule_->rounds().size()) return;
    start_round();
  }
}

}  // namespace papbench::nbc
