#pragma once
// A stackful coroutine on the rank's own thread (glibc's ucontext): the polled PAT runtime runs an
// iteration's exchange and background part in it, without a thread ([Proficz2020] §3 runs them in
// a background thread; SimGrid's SMPI simulates none, docs/SIMULATION.md). The part's blocking
// MPI calls (collectives/core/cooperative_mpi.hpp) yield back to the foreground while their
// requests are pending, and the foreground resumes the part at its own waits: the compute phase's
// polls, arrivals(), wait_background().

#include <ucontext.h>

#include <cstddef>
#include <functional>
#include <memory>

#include "collectives/core/cooperative_mpi.hpp"

namespace papbench {

class PatFiber final : public coop::Yielder {
 public:
  explicit PatFiber(std::size_t stack_bytes);
  PatFiber(const PatFiber&) = delete;
  PatFiber& operator=(const PatFiber&) = delete;
  ~PatFiber() = default;

  // Sets up `body` to run on the fiber's stack at the next resume(); the last body must have
  // finished. `body` must not throw (an escaping exception ends the program).
  void start(std::function<void()> body);
  // Runs the body until it yields or finishes. `block`: its MPI waits block instead of yielding
  // (the foreground waits for the part anyway), so the body then runs to its end.
  void resume(bool block);
  bool finished() const { return finished_; }

  bool blocking() const override { return block_; }
  void yield() override;

 private:
  static void entry();

  std::unique_ptr<std::byte[]> stack_;
  std::size_t stack_bytes_;
  ucontext_t fiber_{};
  ucontext_t caller_{};
  std::function<void()> body_;
  bool finished_ = true;
  bool block_ = false;
};

}  // namespace papbench
