// The reduce rows of the algorithm registry (collectives/core/registry_tables.hpp), in `papbench
// list` order, with the options that only reduce algorithms declare.

#include <bit>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

#include "collectives/core/native_force_option.hpp"
#include "collectives/core/registry_tables.hpp"
#include "collectives/core/shared_alg_options.hpp"
#include "collectives/reduce/clairvoyant/schedule.hpp"
#include "collectives/reduce/clairvoyant_options.hpp"
#include "collectives/reduce/reduce.hpp"

namespace papbench {
namespace {

constexpr std::string_view kRadixSamples[] = {"2", "3", "8"};
constexpr AlgOptionSpec kRadixkOptions[] = {
    {.name = "radix",
     .type = OptionType::kInteger,
     .default_value = "4",
     .help = "group size k of each radix-k round (P is factored into rounds of at most k)",
     .min = 2,
     .max = std::numeric_limits<int>::max(),
     .flag = "--radix",
     .samples = kRadixSamples},
};

// Hierarchical and dynamic-leader reduce ([Parsons2015] §3.7.1).
constexpr std::string_view kLockWords[] = {"serial", "parallel"};
constexpr std::string_view kLockSamples[] = {"serial"};
constexpr AlgOptionSpec kHierOptReduceOptions[] = {
    {.name = "lock",
     .type = OptionType::kChoice,
     .default_value = "parallel",
     .help = "serial: one lock for the node's shared buffer; parallel: a lock per segment of at "
             "least a cache line, so several processes combine at once (serial below a line)",
     .words = kLockWords,
     .samples = kLockSamples},
};
constexpr std::string_view kCleanupWords[] = {"cancel", "deferred"};
constexpr std::string_view kCleanupSamples[] = {"deferred"};
constexpr AlgOptionSpec kDynleaderReduceOptions[] = {
    kKdegOption,
    {.name = "cleanup",
     .type = OptionType::kChoice,
     .default_value = "cancel",
     .help = "identification messages no leader took: cancel (MPI_Cancel after the call, as the "
             "thesis) or deferred (discarded at the next entry); both drained at the end",
     .words = kCleanupWords,
     .samples = kCleanupSamples},
};

// The accumulator and the receive vector, each the whole vector (reduce/binomial.cpp,
// mpich_binomial.cpp, mpich_rsg.cpp, rabenseifner.cpp prepare: acc_ and tmp_); the libraries'
// reduce holds as much.
std::uint64_t reduce_two_vectors_scratch(const ScratchShape& s) {
  return 2 * s.vector_bytes();
}
// reduce/radixk (radixk.cpp prepare): acc_, and tmp_ of (k - 1) blocks of the rounds' stride,
// (k - 1) * (P / k) blocks of ceil(count / P) elements at most, so at most count + P elements.
std::uint64_t reduce_radixk_scratch(const ScratchShape& s) {
  return s.vector_bytes() + (s.count + static_cast<std::uint64_t>(s.ranks)) * s.elem_size;
}
// reduce/ring (ring.cpp prepare): acc_, and tmp_ of the largest of P even blocks.
std::uint64_t reduce_ring_scratch(const ScratchShape& s) {
  const auto p = static_cast<std::uint64_t>(s.ranks);
  return s.vector_bytes() + (s.count + p - 1) / p * s.elem_size;
}
// reduce/clairvoyant (clairvoyant.cpp): acc_ of the vector and tmp_ of the largest of its N
// segments (prepare), two more segments while --clv-round-time auto calibrates
// (calibrate_round_time), and the schedule of each call (compute_schedule, clv::schedule_segtree):
// its transfers, reserved for P * N and grown by doubling to at most twice that while the
// reserved ones are copied, and the segment tree's bit columns, N bits per process and P per
// segment in blocks of 256 (segtree_index.hpp column_words), and two bit-sliced counts of N-bit
// columns. The schedule grows with P * N, not with the count: with the default N = min(count, P)
// it is O(P^2), with a segment per element many times the vector.
std::uint64_t reduce_clairvoyant_scratch(const ScratchShape& s) {
  const auto p = static_cast<std::uint64_t>(s.ranks);
  const std::uint64_t n =
      clv_segment_count(parse_clv_options(*s.options), s.count, s.elem_size, s.ranks);
  if (n == 0) return s.vector_bytes();  // nothing to schedule, nothing to calibrate
  const std::uint64_t segment = (s.count + n - 1) / n * s.elem_size;
  const bool calibrates = option_text(*s.options, "round-time") == "auto";
  const auto blocks = [](std::uint64_t bits) { return (bits + 255) / 256 * 32; };
  const std::uint64_t schedule = 3 * p * n * sizeof(clv::Transfer) + p * blocks(n) + n * blocks(p) +
                                 2 * static_cast<std::uint64_t>(std::bit_width(p)) * blocks(n);
  return s.vector_bytes() + (calibrates ? 3 : 1) * segment + (p > 1 ? schedule : 0);
}
// reduce/hier-barrier, hier-opt, dynleader (shared_reduce.cpp, dynleader.cpp prepare): tmp_ of
// the vector, and local rank 0 holds the SharedReduceBuffer's two slots of it, each rounded to a
// cache line.
std::uint64_t reduce_shared_scratch(const ScratchShape& s) {
  return s.vector_bytes() + (s.node_holder() ? 2 * round_to_line(s.vector_bytes()) : 0);
}
// reduce/dynleader-os (dynleader_os.cpp prepare): dynleader's, and the landing rank (local rank
// 0) holds a LandingWindow of kDepth (2) slots per child node, at most N - 1 children, each a
// cache line and the vector rounded to one.
std::uint64_t reduce_dynleader_os_scratch(const ScratchShape& s) {
  if (!s.node_holder()) return reduce_shared_scratch(s);
  const std::uint64_t slots = 2 * std::max<std::uint64_t>(1, std::uint64_t(s.nodes) - 1);
  return reduce_shared_scratch(s) + slots * (kCacheLine + round_to_line(s.vector_bytes()));
}

// The library's own algorithm forced through MPI_T (collectives/core/forced_native.hpp); the
// samples are names of Open MPI 4.1 and MPICH 4.0 that tests/mpi/collectives_native tries.
constexpr std::string_view kReduceNativeForceSamples[] = {"binomial"};
constexpr AlgOptionSpec kReduceNativeOptions[] = {
    native_force_option<forced::forced_index("reduce")>(kReduceNativeForceSamples)};

}  // namespace

std::vector<AlgorithmInfo> reduce_algorithms() {
  return {
      {.collective = "reduce",
       .name = "native",
       .summary = "the MPI library's MPI_Reduce, or its algorithm force=NAME",
       .source = kLibrary,
       .make = make_reduce_native,
       .options = kReduceNativeOptions,
       .preflight = [](const AlgOptions& o) { check_native_forcing("reduce", o); },
       .before_mpi_init = request_native_forcing_of<forced::forced_index("reduce")>,
       // the library's own: an accumulator and a receive vector, as MPICH's
       .scratch_bytes = reduce_two_vectors_scratch},
      {.collective = "reduce",
       .name = "binomial",
       .summary = "binomial tree, whole vector per message (BNOM)",
       .source = "[ProficzOcetkiewicz2021] §6 baseline BNOM",
       .make = make_reduce_binomial,
       .restrictions = {.commutative_only = true},
       // reduce/binomial.cpp prepare: acc_ and tmp_
       .scratch_bytes = reduce_two_vectors_scratch},
      {.collective = "reduce",
       .name = "clairvoyant",
       .summary = "segmented schedule from predicted arrivals, segment-tree scheduler (CLV)",
       .source = "[ProficzOcetkiewicz2021] Listings 2, 8 (§4.6, §5.6); docs/ALGORITHMS.md, Errata: "
                 "Clairvoyant Listing 2, Listing 8",
       .make = make_reduce_clairvoyant,
       .needs_pat = true,
       .options = clairvoyant_option_specs(),
       .restrictions = {.commutative_only = true},
       // reduce/clairvoyant.cpp prepare: acc_, tmp_, calibration; the schedule
       .scratch_bytes = reduce_clairvoyant_scratch},
      {.collective = "reduce",
       .name = "rabenseifner",
       .summary =
           "reduce-scatter by recursive halving + binomial gather; extra ranks fold first (RAB)",
       .source = "[ProficzOcetkiewicz2021] §6 baseline RAB; [Rabenseifner2004]; "
                 "[ThakurRabenseifnerGropp2005]",
       .make = make_reduce_rabenseifner,
       .restrictions = {.commutative_only = true},
       // reduce/rabenseifner.cpp prepare: acc_ and tmp_
       .scratch_bytes = reduce_two_vectors_scratch},
      {.collective = "reduce",
       .name = "radixk",
       .summary = "radix-k reduce-scatter + k-nomial gather (RXX)",
       .source = "[ProficzOcetkiewicz2021] §6 baseline RXX; [Peterka2009]",
       .make = make_reduce_radixk,
       .options = kRadixkOptions,
       .restrictions = {.commutative_only = true},
       // reduce/radixk.cpp prepare: acc_ and tmp_
       .scratch_bytes = reduce_radixk_scratch},
      {.collective = "reduce",
       .name = "ring",
       .summary = "ring reduce-scatter + direct gather to the root (RING)",
       .source = "[ProficzOcetkiewicz2021] §6 baseline RING; [Chan2007]",
       .make = make_reduce_ring,
       .restrictions = {.commutative_only = true},
       // reduce/ring.cpp prepare: acc_ and tmp_
       .scratch_bytes = reduce_ring_scratch},
      {.collective = "reduce",
       .name = "mpich-binomial",
       .summary = "MPICH 3.0.4 binomial tree, whole vector per message; non-commutative ops "
                  "reduce to rank 0, which forwards to the root",
       .source = "[Parsons2015] §3.7.4 \"MPICH Bi.\"; [MPICH] v3.0.4 reduce.c MPIR_Reduce_binomial",
       .make = make_reduce_mpich_binomial,
       // reduce/mpich_binomial.cpp prepare: acc_ and tmp_
       .scratch_bytes = reduce_two_vectors_scratch},
      {.collective = "reduce",
       .name = "mpich-rsg",
       .summary = "MPICH 3.0.4 recursive-halving reduce-scatter + binomial gather on real ranks; "
                  "mpich-binomial when count < 2^floor(log2 P)",
       .source = "[Parsons2015] §3.7.1, §3.7.4, \"MPICH RSG\" (Appendix A, 8192 cores); [MPICH] "
                 "v3.0.4 reduce.c "
                 "MPIR_Reduce_redscat_gather; docs/ALGORITHMS.md, Deviation: mpich-rsg below pof2 "
                 "elements",
       .make = make_reduce_mpich_rsg,
       .restrictions = {.commutative_only = true},
       // reduce/mpich_rsg.cpp prepare: acc_ and tmp_
       .scratch_bytes = reduce_two_vectors_scratch},
      {.collective = "reduce",
       .name = "hier-barrier",
       .summary = "node-shared reduction, node barrier, static leaders' MPICH binomial between "
                  "nodes",
       .source = "[Parsons2015] §3.7, §3.7.1 \"MPICH Bi. Hier.\"",
       .make = make_reduce_hier_barrier,
       .restrictions = {.commutative_only = true},
       // reduce/shared_reduce.cpp: tmp_ and the node's slots
       .scratch_bytes = reduce_shared_scratch},
      {.collective = "reduce",
       .name = "hier-opt",
       .summary = "node-shared reduction under locks without a barrier, static leaders' MPICH "
                  "binomial between nodes",
       .source = "[Parsons2015] §3.7.1 \"MPICH Bi. Hier. Opt.\"",
       .make = make_reduce_hier_opt,
       .options = kHierOptReduceOptions,
       .restrictions = {.commutative_only = true},
       // reduce/shared_reduce.cpp: tmp_ and the node's slots
       .scratch_bytes = reduce_shared_scratch},
      {.collective = "reduce",
       .name = "dynleader",
       .summary = "node-shared reduction; each node's last arrival leads it, identification "
                  "messages and MPI_ANY_SOURCE between nodes",
       .source = "[Parsons2015] §3.7.1, Figs. 3.14, 3.15; Appendix A \"Dynamic-K\"; "
                 "docs/ALGORITHMS.md, Decision: dynamic leaders",
       .make = make_reduce_dynleader,
       .options = kDynleaderReduceOptions,
       .restrictions = {.commutative_only = true},
       .arrival_dependent = true,
       // reduce/dynleader.cpp prepare: tmp_ and the node's slots
       .scratch_bytes = reduce_shared_scratch},
      {.collective = "reduce",
       .name = "dynleader-os",
       .summary = "dynleader without identification messages: a node's leader puts its result "
                  "into a slot at the parent node's local rank 0 (MPI_Win_allocate), flag by "
                  "MPI_Accumulate",
       .source = "[Parsons2015] §3.7.1 \"D.L. One-Sided\", Table 3.6, Fig. A.9; "
                 "docs/ALGORITHMS.md, Decision: one-sided dynamic leaders",
       .make = make_reduce_dynleader_os,
       .restrictions = {.commutative_only = true},
       .arrival_dependent = true,
       // reduce/dynleader_os.cpp prepare: dynleader's and window_
       .scratch_bytes = reduce_dynleader_os_scratch},
  };
}

}  // namespace papbench
