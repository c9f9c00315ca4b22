#include "collectives/pat/pat_fiber.hpp"

#include <cstdio>
#include <exception>
#include <stdexcept>

namespace papbench {
namespace {

// makecontext passes int arguments only: the fiber being entered is handed over here instead.
// thread_local for real MPI; under SMPI smpi/privatization gives every rank its own copy.
thread_local PatFiber* entering = nullptr;

}  // namespace

PatFiber::PatFiber(std::size_t stack_bytes)
    : stack_(std::make_unique<std::byte[]>(stack_bytes)), stack_bytes_(stack_bytes) {}

void PatFiber::start(std::function<void()> body) {
  if (!finished_) throw std::logic_error("PatFiber::start: the last body has not finished");
  body_ = std::move(body);
  if (getcontext(&fiber_) != 0) throw std::runtime_error("PatFiber: getcontext failed");
  fiber_.uc_stack.ss_sp = stack_.get();
  fiber_.uc_stack.ss_size = stack_bytes_;
  fiber_.uc_link = nullptr;  // entry() never returns: it switches back itself
  makecontext(&fiber_, &PatFiber::entry, 0);
  finished_ = false;
}

void PatFiber::resume(bool block) {
  if (finished_) return;
  block_ = block;
  coop::Yielder* outer = coop::current();
  coop::set_current(this);
  entering = this;  // read by entry() on the first resume only
  swapcontext(&caller_, &fiber_);
  coop::set_current(outer);
}

void PatFiber::yield() {
  swapcontext(&fiber_, &caller_);
}

void PatFiber::entry() {
  PatFiber* self = entering;
  entering = nullptr;
  try {
    self->body_();
  } catch (...) {
    // Unwinding cannot leave the fiber's stack; the runtime's body catches everything itself.
    std::fputs("papbench: exception escaped the PAT fiber\n", stderr);
    std::terminate();
  }
  self->body_ = nullptr;
  self->finished_ = true;
  swapcontext(&self->fiber_, &self->caller_);
}

}  // namespace papbench
