#pragma once
// The files `papbench-report tune` writes from its choices: Open MPI's coll_tuned dynamic rules
// (the classic format Open MPI 4.1 reads, coll_tuned_dynamic_rules_filename with
// coll_tuned_use_dynamic_rules=1) and MPICH's selection JSON
// (MPIR_CVAR_COLL_SELECTION_TUNING_JSON_FILE, MPICH 4.0). Both say exactly what was measured: a
// choice holds at its communicator size and message size only, and every other size keeps the
// library's own decision (Open MPI: algorithm 0, its fixed decision; MPICH: the library's own
// selection tree, spliced in around the choices). Pure functions of their inputs, for the unit
// tests.

#include <cstddef>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace papbench::report {

// One measured point and what tune chose there.
struct TunePoint {
  std::string collective;  // papbench's name: "reduce_scatter"
  int ranks = 0;
  std::uint64_t count = 0;  // papbench's --count: elements per rank block
  std::size_t type_size = 0;
  std::string algorithm;  // the library's name (native:force=NAME); "" keeps the library default
};

// The size the library's rules compare for this point, as each library computes it from the call
// (Open MPI v4.1.4 coll_tuned_decision_dynamic.c; MPICH v4.0.2 src/mpi/coll/src/csel.c,
// get_avg_msgsize / get_total_msgsize), from papbench's layouts (docs/ALGORITHMS.md: vblock).
std::uint64_t ompi_rule_message_size(const TunePoint& p);
std::uint64_t mpich_rule_message_size(const TunePoint& p);
// MPICH's key for it: "avg_msg_size", "total_msg_size", or "" (barrier, alltoallv: by size alone).
std::string_view mpich_message_key(std::string_view collective);

// Open MPI's algorithm number for a forced name (the position in coll_tuned_<coll>_algorithm's
// enum, forced_native_table.hpp); 0 for "" (the fixed decision). std::invalid_argument for a name
// Open MPI does not have.
int ompi_algorithm_id(std::string_view collective, std::string_view name);
// Open MPI's collective number in the rules file (ompi/mca/coll/base/coll_base_functions.h
// COLLTYPE_T, v4.1.4).
int ompi_collective_id(std::string_view collective);

// The rules file formats of Open MPI's coll_tuned (ompi/mca/coll/tuned/coll_tuned_dynamic_file.c):
// classic (Open MPI 4.1, and read by every later version); classic with its first line
// `rule-file-version-2` (5.0.7+: the same numbers; the optional fifth, max requests, is left out,
// so Open MPI keeps its own); JSON (Open MPI 6, rule_file_version 3: algorithms by name,
// first-match rules over inclusive [min, max] ranges; docs/tuning-apps/collectives/tuned.rst).
// The algorithm numbers the numeric formats use are 4.1.4's; 5.0.7 only appends to those enums
// (allgather(v) sparbit), so they hold there too.
enum class OmpiRulesFormat { kClassic, kVersion2, kJson };
// "classic", "v2", "json"; nullopt for any other word.
std::optional<OmpiRulesFormat> parse_ompi_rules_format(std::string_view word);

// The rules file. Points whose choice is "" still get their rule (algorithm 0, "ignore" in JSON:
// Open MPI's own decision), so the file says what was measured. Collectives whose rules depend on
// the size alone (barrier, alltoallv) take one choice per communicator size: the caller gives at
// most one point there.
std::string ompi_rules_text(std::span<const TunePoint> points,
                            OmpiRulesFormat format = OmpiRulesFormat::kClassic);

// MPICH's tuning JSON: `base` is the library's own selection JSON (the one it uses without a
// file; tools/mpich-default-selection.sh reads it out of the installed library), whose subtrees
// every size tune did not choose for falls through to. std::invalid_argument when `base` lacks a
// collective that a point names.
nlohmann::ordered_json mpich_tuning_json(std::span<const TunePoint> points,
                                         const nlohmann::ordered_json& base);
// "MPIR_Allreduce_intra_recursive_doubling", "MPIR_Bcast_allcomm_nb": the container MPICH's JSON
// names for a forced name (src/mpi/coll/src/csel_container.c, v4.0.2).
std::string mpich_container_name(std::string_view collective, std::string_view name);

}  // namespace papbench::report
