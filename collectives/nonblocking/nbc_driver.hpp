#pragma once
// What every nonblocking row does around its collective (issue 46 item 2), once: the options
// overlap-compute and test-interval, IMB-NBC's calibration (overlap-compute=pure), the replayed
// compute of a capture (overlap-compute=captured), and the timed post, compute and wait of
// overlap_loop.hpp. What differs between rows is how the collective is posted: a `Starter`
// (the library's MPI_I<collective>, native.cpp; or one of papbench's schedules, schedules.cpp).

#include <mpi.h>

#include <memory>

#include "collectives/core/algorithm.hpp"
#include "collectives/nonblocking/overlap_loop.hpp"

namespace papbench {

// The tag of papbench's schedules' messages on their private communicator (schedules.cpp).
inline constexpr int kNbcScheduleTag = 70;

class NbcStarter {
 public:
  virtual ~NbcStarter() = default;
  // Untimed, once per case, on the row's private communicator.
  virtual void prepare(const Args& /*a*/, MPI_Comm /*comm*/) {}
  // Posts the collective of `a` on `comm`; the returned object lives until the next start().
  virtual NbcInFlight& start(const Args& a, MPI_Comm comm) = 0;
  // The tag of the messages of the next start()s (papbench's schedules; the library's collectives
  // have none): the capture's substitution gives each collective in flight on one communicator a
  // tag of its own (capture/substitution_nbc.cpp), as the harness, with one at a time, needs not.
  void set_tag(int tag) { tag_ = tag; }

 protected:
  int tag_ = kNbcScheduleTag;
};

// The row's algorithm: `options` resolved from nonblocking_options().
std::unique_ptr<Algorithm> make_nonblocking(std::unique_ptr<NbcStarter> starter,
                                            const AlgOptions& options);
// The starter inside a nonblocking row's algorithm (made by make_nonblocking), null for any other:
// the capture's substitution posts it in place of an application's MPI_I<collective> and lets the
// application's own waits and tests complete it, so it uses neither the row's prepare() nor run().
NbcStarter* nbc_starter_of(Algorithm& algorithm);

}  // namespace papbench
