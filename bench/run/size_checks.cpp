#include "bench/run/size_checks.hpp"

#include <fmt/format.h>

#include <string>

#include "bench/run/setting_options.hpp"
#include "collectives/core/registry.hpp"
#include "common/errors.hpp"

namespace papbench {

void check_restrictions(const AlgorithmInfo& a, int size, int nodes) {
  const AlgRestrictions& r = a.restrictions;
  if (size < r.min_ranks || (r.max_ranks > 0 && size > r.max_ranks)) {
    throw UsageError(fmt::format(
        "--alg: {} runs on {} to {} ranks, not on the {} of this run", a.full_name(), r.min_ranks,
        r.max_ranks > 0 ? std::to_string(r.max_ranks) : "any number of", size));
  }
  if (nodes < r.min_nodes) {
    throw UsageError(fmt::format(
        "--alg: {} needs at least {} nodes, and this run has {}; run on more nodes, or split the "
        "ranks into virtual nodes with --virtual-ppn K",
        a.full_name(), r.min_nodes, nodes));
  }
}

void check_against_size(const RunOptions& opts, int size, int nodes) {
  for (int r : opts.roots) {
    if (r >= size) {
      throw UsageError(
          fmt::format("--root: {} is not a rank of this run; accepted: 0..{}", r, size - 1));
    }
  }
  if (opts.groups_p > 0 && opts.groups_p + opts.groups_q != size) {
    throw UsageError(fmt::format("--groups: {}:{} must add up to the {} ranks of this run",
                                 opts.groups_p, opts.groups_q, size));
  }
  check_settings_against_size(opts, size, nodes);
  for (const auto& c : opts.collectives) {
    if (find_collective(c)->intergroup && size < 2) {
      throw UsageError(fmt::format("--collective: '{}' needs at least 2 ranks (two groups)", c));
    }
  }
  for (const auto& c : opts.collectives) {
    for (const AlgVariant& v : opts.algorithms) {
      const AlgorithmInfo* a = find_algorithm(c, v.name);
      if (a == nullptr) continue;
      check_restrictions(*a, size, nodes);
    }
  }
}

}  // namespace papbench
