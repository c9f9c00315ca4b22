// The rows of the nonblocking collectives (issue 46 item 2) in the algorithm registry
// (collectives/core/registry_tables.hpp): one `native` row per collective, and papbench's own
// schedules where a nonblocking schedule is natural (schedules.cpp), each declaring the overlap
// options of overlap_loop.hpp. They share one table because they share everything but how the
// collective is posted (nbc_driver.hpp).

#include <cstdint>
#include <string_view>
#include <vector>

#include "collectives/core/registry_tables.hpp"
#include "collectives/core/shared_alg_options.hpp"
#include "collectives/nonblocking/nonblocking.hpp"

namespace papbench {
namespace {

constexpr std::string_view kNbcComputeWords[] = {"none", "pure", "captured"};
constexpr std::string_view kNbcOffWord[] = {"off"};
constexpr std::string_view kNbcOverlapComputeSamples[] = {"20us", "pure"};
constexpr std::string_view kNbcTestIntervalSamples[] = {"5us"};
constexpr AlgOptionSpec kNonblockingOptions[] = {
    {.name = "overlap-compute",
     .type = OptionType::kDuration,
     .default_value = "none",
     .help = "compute between post and wait for this long on every rank (IMB-NBC's t_CPU); "
             "none: wait at once (IMB-NBC's t_pure loop); pure: as long as the collective "
             "alone takes, measured before the case (IMB-NBC's calibration); captured: each "
             "rank's own compute of each call of the replayed capture (--pattern "
             "replay:CAPTURE.h5#K of a nonblocking site, docs/CAPTURE.md)",
     .min = 1,
     .words = kNbcComputeWords,
     .flag = "--overlap-compute",
     .samples = kNbcOverlapComputeSamples},
    {.name = "test-interval",
     .type = OptionType::kDuration,
     .default_value = "off",
     .help = "call MPI_Test after every this much of the compute, until the collective is "
             "complete; off: no call before the wait (IMB-NBC's loop)",
     .min = 1,
     .words = kNbcOffWord,
     .flag = "--test-interval",
     .samples = kNbcTestIntervalSamples},
};

// schedules.cpp's ScheduleStarter: scratch for one vector (recursive-doubling's tmpsend), two
// (ireduce/binomial's partial results off the root's receive buffer, on every rank since a call
// may re-root) or none; the schedule's own steps and requests are O(log P) or O(P) small entries,
// which the scratch test's slack for index arrays covers.
std::uint64_t nbc_one_vector_scratch(const ScratchShape& s) {
  return s.vector_bytes();
}
std::uint64_t nbc_two_vector_scratch(const ScratchShape& s) {
  return 2 * s.vector_bytes();
}
std::uint64_t nbc_no_scratch(const ScratchShape& /*s*/) {
  return 0;
}

}  // namespace

std::span<const AlgOptionSpec> nonblocking_options() {
  return kNonblockingOptions;
}

std::vector<AlgorithmInfo> nonblocking_algorithms() {
  const auto row = [](std::string_view collective, std::string_view summary,
                      std::unique_ptr<Algorithm> (*make)(const AlgOptions&)) {
    return AlgorithmInfo{.collective = collective,
                         .name = "native",
                         .summary = summary,
                         // The library's schedule: its allocations are the library's, as the
                         // blocking native rows' (tests/mpi/algorithm_scratch leaves them out);
                         // the overlap loop follows [IMB] IMB-NBC (overlap_loop.hpp).
                         .source = kLibrary,
                         .make = make,
                         .options = kNonblockingOptions,
                         // the library's own schedule, as the blocking native rows count it
                         .scratch_bytes = library_scratch};
  };
  // papbench's own schedules (schedules.cpp): libnbc's, run by the harness's MPI_Test calls.
  const auto own = [](std::string_view collective, std::string_view name, std::string_view summary,
                      std::string_view source,
                      std::unique_ptr<Algorithm> (*make)(const AlgOptions&),
                      std::uint64_t (*scratch)(const ScratchShape&), bool commutative_only) {
    return AlgorithmInfo{.collective = collective,
                         .name = name,
                         .summary = summary,
                         .source = source,
                         .make = make,
                         .options = kNonblockingOptions,
                         .restrictions = {.commutative_only = commutative_only},
                         .scratch_bytes = scratch};
  };
  return {
      row("iallreduce", "the MPI library's MPI_Iallreduce, compute, MPI_Wait",
          make_iallreduce_native),
      own("iallreduce", "recursive-doubling",
          "schedule of whole-vector exchanges at distances 1, 2, 4, ... (extra ranks fold in "
          "first), moved on by MPI_Test (libnbc)",
          "[OpenMPI] v4.1.4 libnbc/nbc_iallreduce.c allred_sched_recursivedoubling; "
          "[MPICH] v4.0.2 iallreduce/iallreduce_intra_sched_recursive_doubling.c",
          make_iallreduce_recursive_doubling, nbc_one_vector_scratch, false),
      own("iallreduce", "ring",
          "schedule of a ring reduce-scatter of P segments + ring allgather, moved on by "
          "MPI_Test (libnbc)",
          "[OpenMPI] v4.1.4 libnbc/nbc_iallreduce.c allred_sched_ring; [MPICH] v4.0.2 "
          "iallreduce/iallreduce_tsp_ring.c",
          make_iallreduce_ring, nbc_no_scratch, true),
      row("ireduce", "the MPI library's MPI_Ireduce, compute, MPI_Wait", make_ireduce_native),
      own("ireduce", "binomial",
          "schedule of a binomial tree to the root (to rank 0 and then the root for "
          "non-commutative ops, in rank order), one round per level, moved on by MPI_Test "
          "(libnbc)",
          "[OpenMPI] v4.1.4 libnbc/nbc_ireduce.c red_sched_binomial", make_ireduce_binomial,
          nbc_two_vector_scratch, false),
      row("ibcast", "the MPI library's MPI_Ibcast, compute, MPI_Wait", make_ibcast_native),
      own("ibcast", "binomial",
          "schedule of a binomial tree from the root, one round per level, moved on by MPI_Test "
          "(libnbc)",
          "[OpenMPI] v4.1.4 libnbc/nbc_ibcast.c bcast_sched_binomial", make_ibcast_binomial,
          nbc_no_scratch, false),
      row("iallgather", "the MPI library's MPI_Iallgather, compute, MPI_Wait",
          make_iallgather_native),
      row("ialltoall", "the MPI library's MPI_Ialltoall, compute, MPI_Wait", make_ialltoall_native),
      row("igather", "the MPI library's MPI_Igather, compute, MPI_Wait", make_igather_native),
      row("iscatter", "the MPI library's MPI_Iscatter, compute, MPI_Wait", make_iscatter_native),
  };
}

}  // namespace papbench
