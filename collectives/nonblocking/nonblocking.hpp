#pragma once
// The nonblocking collectives (issue 46 item 2): each rank posts the collective at its planned
// arrival, computes between post and wait (overlap_loop.hpp), then waits. The timed region is
// post to completion, so a case's elapsed is each rank's post-to-completion time and its
// after-last-arrival the time from the last post to the last completion.

#include <memory>
#include <span>

#include "collectives/core/alg_option.hpp"
#include "collectives/core/algorithm.hpp"

namespace papbench {

// The options every nonblocking row declares: overlap-compute and test-interval.
std::span<const AlgOptionSpec> nonblocking_options();

std::unique_ptr<Algorithm> make_iallreduce_native(const AlgOptions& options);
std::unique_ptr<Algorithm> make_ireduce_native(const AlgOptions& options);
std::unique_ptr<Algorithm> make_ibcast_native(const AlgOptions& options);
std::unique_ptr<Algorithm> make_iallgather_native(const AlgOptions& options);
std::unique_ptr<Algorithm> make_ialltoall_native(const AlgOptions& options);
std::unique_ptr<Algorithm> make_igather_native(const AlgOptions& options);
std::unique_ptr<Algorithm> make_iscatter_native(const AlgOptions& options);

// papbench's own schedules (schedules.cpp).
std::unique_ptr<Algorithm> make_iallreduce_recursive_doubling(const AlgOptions& options);
std::unique_ptr<Algorithm> make_iallreduce_ring(const AlgOptions& options);
std::unique_ptr<Algorithm> make_ibcast_binomial(const AlgOptions& options);
std::unique_ptr<Algorithm> make_ireduce_binomial(const AlgOptions& options);

}  // namespace papbench
