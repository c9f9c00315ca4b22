// The allreduce rows of the algorithm registry (collectives/core/registry_tables.hpp), in
// `papbench list` order, with the options that only allreduce algorithms declare.

#include <algorithm>
#include <cstdint>
#include <limits>
#include <span>
#include <string_view>
#include <vector>

#include "collectives/allreduce/allreduce.hpp"
#include "collectives/allreduce/ring_driver.hpp"
#include "collectives/core/native_force_option.hpp"
#include "collectives/core/registry_tables.hpp"
#include "collectives/core/shared_alg_options.hpp"
#include "collectives/reduce/clairvoyant_options.hpp"

namespace papbench {
namespace {

// ring-segmented's segment: Open MPI's coll_tuned_allreduce_algorithm_segmentsize, with the
// default of Open MPI 3.1's fixed decision (1 MiB; ring_segmented.cpp).
constexpr std::string_view kRingSegsizeSamples[] = {"0", "100", "1Ki"};
constexpr AlgOptionSpec kRingSegmentedOptions[] = {
    {.name = "segsize",
     .type = OptionType::kBytes,
     .default_value = "1048576",
     .help = "segment size in bytes; segcount = segsize / type size, plus one when the rest "
             "exceeds half an element; the plain ring below P * segcount elements (Open MPI's "
             "rules); 0: one segment",
     .min = 0,
     .max = std::numeric_limits<int>::max(),
     .flag = "--ring-segsize",
     .samples = kRingSegsizeSamples},
};

// The parts reduce-bcast and clairvoyant-bcast may name: every reduce row but those that need
// the PAT runtime (the registry grants it per row: clairvoyant-bcast is that composition), every
// bcast row. Read from the collectives' own tables (the registry is being built when this runs);
// the names are the rows' string literals, so the views stay valid.
std::vector<std::string_view> allreduce_part_names(const std::vector<AlgorithmInfo>& rows) {
  std::vector<std::string_view> names;
  for (const AlgorithmInfo& r : rows) {
    if (!r.needs_pat) names.push_back(r.name);
  }
  return names;
}
const std::vector<std::string_view>& reduce_part_names() {
  static const std::vector<std::string_view> names = allreduce_part_names(reduce_algorithms());
  return names;
}
const std::vector<std::string_view>& bcast_part_names() {
  static const std::vector<std::string_view> names = allreduce_part_names(bcast_algorithms());
  return names;
}
// Every name but the default, so that collectives_native tries each part once.
std::span<const std::string_view> allreduce_but_native(const std::vector<std::string_view>& names) {
  return std::span(names).subspan(names.empty() || names.front() != "native" ? 0 : 1);
}

AlgOptionSpec bcast_part_option() {
  return {.name = "bcast",
          .type = OptionType::kChoice,
          .default_value = "native",
          .help = "the bcast algorithm from rank 0, with its default options (any bcast row)",
          .words = bcast_part_names(),
          .samples = allreduce_but_native(bcast_part_names())};
}

std::span<const AlgOptionSpec> reduce_bcast_options() {
  static const std::vector<AlgOptionSpec> options = {
      {.name = "reduce",
       .type = OptionType::kChoice,
       .default_value = "native",
       .help = "the reduce algorithm to rank 0, with its default options (any reduce row but "
               "clairvoyant: clairvoyant-bcast)",
       .words = reduce_part_names(),
       .samples = allreduce_but_native(reduce_part_names())},
      bcast_part_option(),
  };
  return options;
}

std::span<const AlgOptionSpec> clairvoyant_bcast_options() {
  static const std::vector<AlgOptionSpec> options = [] {
    std::vector<AlgOptionSpec> o(clairvoyant_option_specs().begin(),
                                 clairvoyant_option_specs().end());
    o.push_back(bcast_part_option());
    return o;
  }();
  return options;
}

// recursive-doubling, rabenseifner (recursive_doubling.cpp, rabenseifner.cpp prepare): MPICH's
// tmp_buf, one vector.
std::uint64_t allreduce_one_vector_scratch(const ScratchShape& s) {
  return s.vector_bytes();
}
// ring, ring-segmented (ring_driver.cpp prepare): two receive buffers of the largest segment (one
// when P = 2); below P elements recursive doubling's one vector.
std::uint64_t allreduce_ring_scratch_with(allreduce_ring::RingPhases phases,
                                          const ScratchShape& s) {
  if (s.ranks < 2) return 0;
  if (s.count < static_cast<std::uint64_t>(s.ranks)) return s.vector_bytes();
  const std::size_t seg =
      allreduce_ring::inbuf_elems(phases, *s.options, s.count, s.ranks, s.elem_size);
  return (s.ranks > 2 ? 2 : 1) * seg * s.elem_size;
}
std::uint64_t allreduce_ring_scratch(const ScratchShape& s) {
  return allreduce_ring_scratch_with(allreduce_ring::one_phase, s);
}
std::uint64_t allreduce_ring_segmented_scratch(const ScratchShape& s) {
  return allreduce_ring_scratch_with(allreduce_ring::segmented_phases, s);
}
// A part's stated scratch at this shape with the options it runs with.
std::uint64_t allreduce_part_scratch(std::string_view collective, std::string_view name,
                                     const AlgOptions& given, const ScratchShape& s) {
  const AlgorithmInfo& info = *find_algorithm(collective, name);
  const AlgOptions resolved = resolve_options(info, given);
  ScratchShape part = s;
  part.root = 0;
  part.options = &resolved;
  return algorithm_scratch_bytes(info, part);
}
// reduce-bcast, clairvoyant-bcast (reduce_bcast.cpp): both parts live for the whole case.
std::uint64_t allreduce_reduce_bcast_scratch(const ScratchShape& s) {
  return allreduce_part_scratch("reduce", option_text(*s.options, "reduce"), {}, s) +
         allreduce_part_scratch("bcast", option_text(*s.options, "bcast"), {}, s);
}
std::uint64_t allreduce_clairvoyant_bcast_scratch(const ScratchShape& s) {
  AlgOptions clv = *s.options;
  clv.erase("bcast");
  return allreduce_part_scratch("reduce", "clairvoyant", clv, s) +
         allreduce_part_scratch("bcast", option_text(*s.options, "bcast"), {}, s);
}

// The library's own algorithm forced through MPI_T (collectives/core/forced_native.hpp); the
// samples are names of Open MPI 4.1 and MPICH 4.0 that tests/mpi/collectives_native tries.
constexpr std::string_view kAllreduceNativeForceSamples[] = {"recursive_doubling"};
constexpr AlgOptionSpec kAllreduceNativeOptions[] = {
    native_force_option<forced::forced_index("allreduce")>(kAllreduceNativeForceSamples)};

}  // namespace

std::vector<AlgorithmInfo> allreduce_algorithms() {
  return {
      {.collective = "allreduce",
       .name = "native",
       .summary = "the MPI library's MPI_Allreduce, or its algorithm force=NAME",
       .source = kLibrary,
       .make = make_allreduce_native,
       .options = kAllreduceNativeOptions,
       .preflight = [](const AlgOptions& o) { check_native_forcing("allreduce", o); },
       .before_mpi_init = request_native_forcing_of<forced::forced_index("allreduce")>,
       // the library's own: one vector for the incoming operand, as MPICH's
       .scratch_bytes = library_scratch},
      {.collective = "allreduce",
       .name = "recursive-doubling",
       .summary = "whole-vector exchanges at distances 1, 2, 4, ...; extra ranks fold into their "
                  "odd neighbour first and get the result back (MPICH, Open MPI)",
       .source = "[MPICH] v4.0.2 allreduce/allreduce_intra_recursive_doubling.c "
                 "MPIR_Allreduce_intra_recursive_doubling; [OpenMPI] v4.1.4 coll_base_allreduce.c "
                 "ompi_coll_base_allreduce_intra_recursivedoubling",
       .make = make_allreduce_recursive_doubling,
       // recursive_doubling.cpp prepare: tmp_
       .scratch_bytes = allreduce_one_vector_scratch},
      {.collective = "allreduce",
       .name = "ring",
       .summary = "ring reduce-scatter of P blocks + ring allgather; recursive-doubling below P "
                  "elements (Open MPI)",
       .source = "[OpenMPI] v4.1.4 coll_base_allreduce.c ompi_coll_base_allreduce_intra_ring; "
                 "[Chan2007]; docs/ALGORITHMS.md, Decision: allreduce counts below P",
       .make = make_allreduce_ring,
       .restrictions = {.commutative_only = true},
       // ring_driver.cpp prepare: inbuf_, or the fallback's tmp_
       .scratch_bytes = allreduce_ring_scratch},
      {.collective = "allreduce",
       .name = "ring-segmented",
       .summary = "ring reduce-scatter in phases of one segment per block + ring allgather; the "
                  "plain ring below P segments (Open MPI)",
       .source = "[OpenMPI] v4.1.4 coll_base_allreduce.c "
                 "ompi_coll_base_allreduce_intra_ring_segmented; v3.1.0 "
                 "coll_tuned_decision_fixed.c (1 MiB segments); docs/ALGORITHMS.md, Decision: "
                 "allreduce counts below P",
       .make = make_allreduce_ring_segmented,
       .options = kRingSegmentedOptions,
       .restrictions = {.commutative_only = true},
       // ring_driver.cpp prepare: inbuf_, or the fallback's tmp_
       .scratch_bytes = allreduce_ring_segmented_scratch},
      {.collective = "allreduce",
       .name = "rabenseifner",
       .summary = "reduce-scatter by recursive halving + allgather by recursive doubling; extra "
                  "ranks fold first; empty blocks below 2^floor(log2 P) elements (MPICH)",
       .source = "[Rabenseifner2004]; [ThakurRabenseifnerGropp2005]; [MPICH] v4.0.2 "
                 "allreduce/allreduce_intra_reduce_scatter_allgather.c "
                 "MPIR_Allreduce_intra_reduce_scatter_allgather; docs/ALGORITHMS.md, Decision: "
                 "allreduce counts below P",
       .make = make_allreduce_rabenseifner,
       .restrictions = {.commutative_only = true},
       // rabenseifner.cpp prepare: tmp_
       .scratch_bytes = allreduce_one_vector_scratch},
      {.collective = "allreduce",
       .name = "reduce-bcast",
       .summary = "any reduce algorithm to rank 0, then any bcast algorithm from it (Open MPI's "
                  "nonoverlapping); takes the ops and adapts to arrivals as its parts do",
       .source = "[OpenMPI] v4.1.4 coll_base_allreduce.c "
                 "ompi_coll_base_allreduce_intra_nonoverlapping; docs/ALGORITHMS.md, Decision: "
                 "reduce + bcast options",
       .make = make_allreduce_reduce_bcast,
       .options = reduce_bcast_options(),
       // reduce_bcast.cpp: both parts' own
       .scratch_bytes = allreduce_reduce_bcast_scratch},
      {.collective = "allreduce",
       .name = "clairvoyant-bcast",
       .summary = "Clairvoyant reduce to rank 0 from predicted arrivals, then any bcast "
                  "algorithm from it",
       .source = "[ProficzOcetkiewicz2021] Listings 2, 8 (the reduce); [OpenMPI] v4.1.4 "
                 "ompi_coll_base_allreduce_intra_nonoverlapping (the composition); "
                 "docs/ALGORITHMS.md, Decision: reduce + bcast options",
       .make = make_allreduce_clairvoyant_bcast,
       .needs_pat = true,
       .options = clairvoyant_bcast_options(),
       .restrictions = {.commutative_only = true},
       // reduce_bcast.cpp: both parts' own
       .scratch_bytes = allreduce_clairvoyant_bcast_scratch},
  };
}

}  // namespace papbench
