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

class NbcStarter {
 public:
  virtual ~NbcStarter() = default;
  // Untimed, once per case, on the row's private communicator.
  virtual void prepare(const Args& /*a*/, MPI_Comm /*comm*/) {}
  // Posts the collective of `a` on `comm`; the returned object lives until the next start().
  virtual NbcInFlight& start(const Args& a, MPI_Comm comm) = 0;
};

// The row's algorithm: `options` resolved from nonblocking_options().
std::unique_ptr<Algorithm> make_nonblocking(std::unique_ptr<NbcStarter> starter,
                                            const AlgOptions& options);

}  // namespace papbench
