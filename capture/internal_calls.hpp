#pragma once

namespace papbench::capture {

// Set while the library itself calls MPI (clock sync, gathers): those calls reach the wrappers
// too, through the same symbols, and must not be recorded.
class InternalCalls {
 public:
  InternalCalls() : was_(active_) { active_ = true; }
  ~InternalCalls() { active_ = was_; }
  InternalCalls(const InternalCalls&) = delete;
  InternalCalls& operator=(const InternalCalls&) = delete;
  static bool active() { return active_; }

 private:
  bool was_;
  static thread_local bool active_;
};

}  // namespace papbench::capture
