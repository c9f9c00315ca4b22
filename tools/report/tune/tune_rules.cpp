#include "tools/report/tune/tune_rules.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <map>
#include <stdexcept>

#include "collectives/core/forced_native_table.hpp"

namespace papbench::report {
namespace {

using Json = nlohmann::ordered_json;

// docs/ALGORITHMS.md: the blocks of allgatherv and reduce_scatter, vblock(i) = max(0, count +
// (i mod 3) - 1), and their sum over the ranks.
std::uint64_t vblock_sum(std::uint64_t count, int ranks) {
  std::uint64_t sum = 0;
  for (int i = 0; i < ranks; ++i) {
    const auto add = static_cast<std::int64_t>(i % 3) - 1;
    const auto block = static_cast<std::int64_t>(count) + add;
    sum += static_cast<std::uint64_t>(std::max<std::int64_t>(0, block));
  }
  return sum;
}

// The Open MPI names of a collective: the leading entries of the table's names, in the order of
// coll_tuned_<coll>_algorithm's enum (1, 2, ...).
std::span<const std::string_view> ompi_names(std::string_view collective) {
  static const std::map<std::string_view, std::size_t> kCount = {
      {"allreduce", 6},      {"reduce", 7},    {"allgather", 6}, {"allgatherv", 5},
      {"alltoall", 5},       {"alltoallv", 2}, {"gather", 3},    {"scatter", 3},
      {"reduce_scatter", 4}, {"barrier", 6},   {"bcast", 9}};
  const auto& row = forced::forced_row(collective);
  return row.names.first(kCount.at(collective));
}

// MPICH's collective name in its JSON and containers: "Reduce_scatter" for reduce_scatter.
std::string mpich_capitalized(std::string_view collective) {
  std::string out(collective);
  out[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(out[0])));
  return out;
}

// A condition key with its threshold: "comm_size<=4".
std::string key(std::string_view what, std::string_view op, std::uint64_t value) {
  return fmt::format("{}{}{}", what, op, value);
}

}  // namespace

std::uint64_t ompi_rule_message_size(const TunePoint& p) {
  const auto ranks = static_cast<std::uint64_t>(p.ranks);
  const std::string_view c = p.collective;
  if (c == "barrier" || c == "alltoallv") return 0;  // by communicator size alone
  if (c == "alltoall" || c == "allgather" || c == "gather" || c == "scatter") {
    return p.type_size * ranks * p.count;
  }
  if (c == "reduce_scatter") return p.type_size * vblock_sum(p.count, p.ranks);
  if (c == "allgatherv") return p.type_size * vblock_sum(p.count, p.ranks) / ranks;
  return p.type_size * p.count;  // allreduce, reduce, bcast
}

std::string_view mpich_message_key(std::string_view c) {
  if (c == "allreduce" || c == "bcast" || c == "reduce" || c == "alltoall") return "avg_msg_size";
  if (c == "barrier" || c == "alltoallv") return "";
  return "total_msg_size";
}

std::uint64_t mpich_rule_message_size(const TunePoint& p) {
  const auto ranks = static_cast<std::uint64_t>(p.ranks);
  const std::string_view c = p.collective;
  if (mpich_message_key(c) == "avg_msg_size") return p.type_size * p.count;
  if (c == "allgather") return p.type_size * p.count * ranks;
  if (c == "allgatherv" || c == "reduce_scatter") return p.type_size * vblock_sum(p.count, p.ranks);
  // gather, scatter: MPICH 4.0.2 multiplies the count by the communicator size and leaves the
  // type size out (csel.c get_total_msgsize), so the rule compares elements.
  if (c == "gather" || c == "scatter") return p.count * ranks;
  return 0;
}

int ompi_algorithm_id(std::string_view collective, std::string_view name) {
  if (name.empty()) return 0;
  const auto names = ompi_names(collective);
  const auto it = std::ranges::find(names, name);
  if (it == names.end()) {
    throw std::invalid_argument(
        fmt::format("{} is no algorithm of Open MPI's coll_tuned_{}_algorithm", name, collective));
  }
  return static_cast<int>(it - names.begin()) + 1;
}

int ompi_collective_id(std::string_view collective) {
  static const std::map<std::string_view, int> kIds = {
      {"allgather", 0}, {"allgatherv", 1},      {"allreduce", 2}, {"alltoall", 3},
      {"alltoallv", 4}, {"barrier", 6},         {"bcast", 7},     {"gather", 9},
      {"reduce", 11},   {"reduce_scatter", 12}, {"scatter", 15}};
  return kIds.at(collective);
}

std::optional<OmpiRulesFormat> parse_ompi_rules_format(std::string_view word) {
  if (word == "classic") return OmpiRulesFormat::kClassic;
  if (word == "v2") return OmpiRulesFormat::kVersion2;
  if (word == "json") return OmpiRulesFormat::kJson;
  return std::nullopt;
}

namespace {

// Open MPI 6's JSON: per collective, one communicator-size rule per measured size, each with one
// message-size rule per measured size, both as exact ranges, so every other size matches nothing
// and keeps Open MPI's own decision.
std::string ompi_rules_json(std::span<const TunePoint> points) {
  // collective -> comm size -> message size -> name
  std::map<std::string, std::map<int, std::map<std::uint64_t, std::string>>> rules;
  for (const TunePoint& p : points) {
    ompi_algorithm_id(p.collective, p.algorithm);  // refuses a name Open MPI does not have
    rules[p.collective][p.ranks][ompi_rule_message_size(p)] =
        p.algorithm.empty() ? "ignore" : p.algorithm;
  }
  Json collectives = Json::object();
  for (const auto& [collective, by_size] : rules) {
    Json comm_rules = Json::array();
    for (const auto& [ranks, by_msg] : by_size) {
      Json msg_rules = Json::array();
      for (const auto& [msg, alg] : by_msg) {
        msg_rules.push_back({{"msg_size_min", msg}, {"msg_size_max", msg}, {"alg", alg}});
      }
      comm_rules.push_back(
          {{"comm_size_min", ranks}, {"comm_size_max", ranks}, {"rules", std::move(msg_rules)}});
    }
    // Open MPI's names of the collectives (coll_base_util.c colltype_translation_table) are
    // papbench's: "reduce_scatter".
    collectives[collective] = std::move(comm_rules);
  }
  const Json root = {{"rule_file_version", 3}, {"module", "tuned"}, {"collectives", collectives}};
  return root.dump(2) + "\n";
}

}  // namespace

std::string ompi_rules_text(std::span<const TunePoint> points, OmpiRulesFormat format) {
  if (format == OmpiRulesFormat::kJson) return ompi_rules_json(points);
  // collective id -> comm size -> message size -> algorithm
  std::map<int, std::map<int, std::map<std::uint64_t, int>>> rules;
  std::map<int, std::string_view> names;
  for (const TunePoint& p : points) {
    const int id = ompi_collective_id(p.collective);
    names[id] = forced::forced_row(p.collective).collective;
    rules[id][p.ranks][ompi_rule_message_size(p)] = ompi_algorithm_id(p.collective, p.algorithm);
  }
  // Open MPI takes the last rule at or below the size (coll_tuned_dynamic_rules.c,
  // ompi_coll_tuned_get_com_rule_ptr and _get_msg_rule_ptr, starting from the first rule even
  // when it lies above): so the rules start at 0 with algorithm 0, and a rule one above each
  // measured size returns to algorithm 0, its fixed decision.
  // Open MPI 5.0.7+ looks for the version word before anything else, comments included.
  std::string out = format == OmpiRulesFormat::kVersion2 ? "rule-file-version-2\n" : "";
  out += fmt::format(
      "# Open MPI coll_tuned dynamic rules ({}), written by "
      "papbench-report "
      "tune.\n# Use with OMPI_MCA_coll_tuned_use_dynamic_rules=1 and "
      "OMPI_MCA_coll_tuned_dynamic_rules_filename=THIS_FILE.\n# Each choice holds at its measured "
      "communicator and message size only; algorithm 0 is Open MPI's own decision.\n{} # "
      "collectives\n",
      format == OmpiRulesFormat::kVersion2 ? "rule-file-version-2, Open MPI 5.0.7+"
                                           : "classic format, Open MPI 4.1",
      rules.size());
  for (const auto& [id, by_size] : rules) {
    std::map<int, std::map<std::uint64_t, int>> sizes;
    sizes[0] = {{0, 0}};
    for (const auto& [ranks, by_msg] : by_size) {
      auto& msgs = sizes[ranks];
      msgs[0] = 0;
      for (const auto& [msg, alg] : by_msg) {
        msgs[msg] = alg;
        if (!msgs.contains(msg + 1)) msgs[msg + 1] = 0;
      }
      if (!by_size.contains(ranks + 1)) sizes[ranks + 1] = {{0, 0}};
    }
    out += fmt::format("{} # collective id: {}\n{} # communicator sizes\n", id, names[id],
                       sizes.size());
    for (const auto& [ranks, msgs] : sizes) {
      out += fmt::format("{} # communicator size\n{} # message sizes\n", ranks, msgs.size());
      for (const auto& [msg, alg] : msgs) {
        // message size, algorithm, fan in/out (0: the algorithm's default), segment size (0: none)
        out += fmt::format("{} {} 0 0\n", msg, alg);
      }
    }
  }
  return out;
}

std::string mpich_container_name(std::string_view collective, std::string_view name) {
  const std::string cap = mpich_capitalized(collective);
  if (name == "nb") return fmt::format("MPIR_{}_allcomm_nb", cap);
  return fmt::format("MPIR_{}_intra_{}", cap, name);
}

Json mpich_tuning_json(std::span<const TunePoint> points, const Json& base) {
  // collective -> comm size -> message size -> algorithm name ("" = the library's own)
  std::map<std::string, std::map<int, std::map<std::uint64_t, std::string>>> chosen;
  for (const TunePoint& p : points) {
    chosen[p.collective][p.ranks][mpich_rule_message_size(p)] = p.algorithm;
  }
  Json out = base;
  for (const auto& [collective, by_size] : chosen) {
    const std::string coll_key = "collective=" + collective;
    if (!base.contains(coll_key)) {
      throw std::invalid_argument(
          fmt::format("the MPICH base selection has no \"{}\" to fall back to", coll_key));
    }
    // The library's own tree for this collective, reached wherever no choice applies: MPICH
    // walks a node's keys in order and takes the first whose condition holds, without going back
    // (csel.c MPIR_Csel_search), so every branch tune adds ends in the whole default.
    const Json& fallback = base.at(coll_key);
    const std::string_view msg_key = mpich_message_key(collective);
    Json intra = Json::object();
    for (const auto& [ranks, by_msg] : by_size) {
      const auto r = static_cast<std::uint64_t>(ranks);
      if (ranks > 1) intra[key("comm_size", "<", r)] = fallback;
      Json at_size = Json::object();
      if (msg_key.empty()) {
        // By size alone: the caller gives one choice.
        const std::string& alg = by_msg.begin()->second;
        at_size =
            alg.empty()
                ? fallback
                : Json{{"algorithm=" + mpich_container_name(collective, alg), Json::object()}};
      } else {
        for (const auto& [msg, alg] : by_msg) {
          if (msg > 0) at_size[key(msg_key, "<", msg)] = fallback;
          at_size[key(msg_key, "<=", msg)] =
              alg.empty()
                  ? fallback
                  : Json{{"algorithm=" + mpich_container_name(collective, alg), Json::object()}};
        }
        at_size[std::string(msg_key) + "=any"] = fallback;
      }
      intra[key("comm_size", "<=", r)] = std::move(at_size);
    }
    intra["comm_size=any"] = fallback;
    // Intercommunicators (comm_type=intra fails) go to the library's own tree.
    out[coll_key] = Json{{"comm_type=intra", std::move(intra)}, {"comm_size=any", fallback}};
  }
  return out;
}

}  // namespace papbench::report
