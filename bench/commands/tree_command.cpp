#include "bench/commands/tree_command.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>

#include "bench/run/run_options.hpp"
#include "collectives/bcast/ompi31_decision.hpp"
#include "collectives/bcast/ompi_trees.hpp"
#include "collectives/core/alg_option.hpp"
#include "collectives/core/registry.hpp"
#include "common/errors.hpp"
#include "common/mpi_env.hpp"
#include "common/option_table.hpp"
#include "common/units.hpp"

namespace papbench {
namespace {

struct TreeChoice {
  bcast::TreeShape shape;
  int fanout;
  bool halves;  // split-binary: which half each rank forwards
};

// The coll/base builder each bcast row uses ([OpenMPI] coll_base_bcast.c, v3.1.6).
TreeChoice tree_of(const AlgorithmInfo& alg, const AlgOptions& resolved) {
  using bcast::TreeShape;
  if (alg.name == "flat") return {TreeShape::kFlat, 0, false};
  if (alg.name == "chain") return {TreeShape::kChain, 1, false};
  if (alg.name == "kchain") {
    return {TreeShape::kChain, static_cast<int>(option_integer(resolved, "fanout")), false};
  }
  if (alg.name == "binary") return {TreeShape::kKary, 2, false};
  if (alg.name == "split_binary") return {TreeShape::kKary, 2, true};
  if (alg.name == "binomial") return {TreeShape::kBinomial, 0, false};
  throw UsageError(fmt::format(
      "--alg: {} has no tree of its own (the library decides; see --decision ompi31); accepted: "
      "flat, chain, kchain, binary, split_binary, binomial",
      alg.full_name()));
}

int tree_alg(const RawTreeOptions& raw) {
  const std::vector<AlgVariant> variants = parse_alg_list(raw.alg, {raw.collective});
  if (variants.size() != 1) throw UsageError("--alg: give exactly one algorithm");
  const AlgorithmInfo& alg = *find_algorithm(raw.collective, variants[0].name);
  const TreeChoice choice = tree_of(alg, resolve_options(alg, variants[0].options));
  const bcast::Tree t = bcast::whole_tree(choice.shape, raw.ranks, raw.root, choice.fanout);
  std::vector<int> halves;
  if (choice.halves) {
    for (int r = 0; r < raw.ranks; ++r) {
      halves.push_back(r == raw.root ? -1 : bcast::split_binary_half(raw.ranks, raw.root, r));
    }
  }
  if (launcher_rank() != 0) return 0;
  if (raw.format == "json") {
    nlohmann::ordered_json j = {{"parent", t.parent}, {"children", t.children}};
    if (choice.halves) j["halves"] = halves;
    fmt::print("{}\n", j.dump());
    return 0;
  }
  for (int r = 0; r < raw.ranks; ++r) {
    const auto i = static_cast<std::size_t>(r);
    fmt::print("rank {}: parent {}, children [{}]{}\n", r, t.parent[i],
               fmt::join(t.children[i], ", "),
               choice.halves ? fmt::format(", half {}", halves[i]) : "");
  }
  return 0;
}

int tree_decision(const RawTreeOptions& raw) {
  if (raw.decision != "ompi31") {
    throw UsageError(
        fmt::format("--decision: '{}' is not accepted; accepted: ompi31", raw.decision));
  }
  if (raw.bytes.empty()) throw UsageError("--decision needs --bytes M (the message size)");
  std::uint64_t bytes = 0;
  try {
    bytes = parse_count(raw.bytes);
  } catch (const std::exception& e) {
    throw UsageError(fmt::format("--bytes: {}", e.what()));
  }
  if (raw.count < -1) throw UsageError("--count: accepted: an element count >= 0");
  const std::uint64_t count = raw.count < 0 ? bytes : static_cast<std::uint64_t>(raw.count);
  const bcast::Ompi31Decision d = bcast::ompi31_bcast_decision(raw.ranks, bytes, count);
  if (launcher_rank() != 0) return 0;
  if (raw.format == "json") {
    const nlohmann::ordered_json j = {{"algorithm", d.algorithm},
                                      {"ompi_name", d.ompi_name},
                                      {"segsize", d.segsize},
                                      {"branch", d.branch},
                                      {"ranks", raw.ranks},
                                      {"bytes", bytes},
                                      {"count", count}};
    fmt::print("{}\n", j.dump());
  } else {
    fmt::print(
        "Open MPI 3.1 decision for {} ranks, {} bytes ({} elements): {} ({}), segsize {}, "
        "branch {}\n",
        raw.ranks, bytes, count, d.algorithm, d.ompi_name, d.segsize, d.branch);
  }
  return 0;
}

}  // namespace

CLI::App* add_tree_command(CLI::App& app, RawTreeOptions& raw) {
  CLI::App* cmd = app.add_subcommand(
      "tree",
      "Print a bcast algorithm's tree (parent, children per rank) or Open MPI 3.1's choice");
  const std::vector<OptionRow> rows = {
      {.name = "--collective",
       .target = &raw.collective,
       .help = "Collective (bcast)",
       .show_default = true},
      {.name = "--alg",
       .target = &raw.alg,
       .help = "Algorithm NAME[:key=value,...] whose tree to print"},
      {.name = "--decision",
       .target = &raw.decision,
       .help = "Instead of --alg: print the fixed decision of ompi31 (Open MPI 3.1 tuned)"},
      {.name = "--ranks",
       .target = &raw.ranks,
       .help = "Number of ranks P (>= 1)",
       .required = true},
      {.name = "--root", .target = &raw.root, .help = "Root rank", .show_default = true},
      {.name = "--bytes",
       .target = &raw.bytes,
       .help = "Message size in bytes for --decision (e.g. 64Ki)"},
      {.name = "--count",
       .target = &raw.count,
       .help = "Elements of the message for --decision (default: --bytes, one-byte elements)"},
      {.name = "--format", .target = &raw.format, .help = "json or text", .show_default = true},
  };
  add_option_rows(*cmd, rows);
  return cmd;
}

int tree_command(const RawTreeOptions& raw) {
  if (raw.collective != "bcast") {
    throw UsageError(
        fmt::format("--collective: '{}' is not accepted; accepted: bcast", raw.collective));
  }
  if (raw.format != "json" && raw.format != "text") {
    throw UsageError(
        fmt::format("--format: '{}' is not accepted; accepted: json, text", raw.format));
  }
  if (raw.ranks < 1) {
    throw UsageError(
        fmt::format("--ranks: '{}' is not accepted; accepted: an integer >= 1", raw.ranks));
  }
  if (raw.alg.empty() == raw.decision.empty()) {
    throw UsageError("tree: give exactly one of --alg and --decision");
  }
  if (!raw.decision.empty()) return tree_decision(raw);
  // A tree is printed rank by rank: beyond a million ranks it is gigabytes of output and memory.
  constexpr int kMaxTreeRanks = 1 << 20;
  if (raw.ranks > kMaxTreeRanks) {
    throw UsageError(fmt::format(
        "--ranks: {} is too many to print a tree; accepted: 1 to {} (--decision takes any)",
        raw.ranks, kMaxTreeRanks));
  }
  if (raw.root < 0 || raw.root >= raw.ranks) {
    throw UsageError(fmt::format("--root: '{}' is not accepted; accepted: a rank in [0, {}]",
                                 raw.root, raw.ranks - 1));
  }
  return tree_alg(raw);
}

}  // namespace papbench
