#include "bench/run/case_matrix.hpp"

#include <algorithm>
#include <random>

#include "bench/run/setting_options.hpp"

namespace papbench {

namespace {

namespace im = intergroup_model;

// One value of the setting dimension: a setting's groups, blocks and per-rank counts, or the run
// options' own.
struct IntergroupChoice {
  const im::SettingInfo* setting = nullptr;
  int groups_p = 0;
  IntergroupShape shape;
  std::vector<std::uint64_t> counts;
};

std::vector<IntergroupChoice> intergroup_choices(const RunOptions& opts, const CollectiveInfo& coll,
                                                 int ranks, int nodes) {
  const bool allgatherv = coll.name == "intergroup_allgatherv";
  std::vector<IntergroupChoice> out;
  for (const im::SettingInfo* s : opts.settings) {
    if (s->allgatherv != allgatherv) continue;
    IntergroupChoice c{s, setting_groups_p(*s, ranks), setting_block_shape(*s), {}};
    // [Kang2019] §4: the figures' sizes are per node, a process's block is that over the
    // processes of its node (floor, in elements).
    const auto ppn = static_cast<std::uint64_t>(std::max(setting_ranks_per_node(ranks, nodes), 1));
    for (std::uint64_t count : opts.counts) c.counts.push_back(count / ppn);
    out.push_back(std::move(c));
  }
  if (out.empty()) out.push_back({nullptr, opts.groups_p, opts.shape, opts.counts});
  return out;
}

// Every case of one collective at one value of the setting dimension, appended to `cases`.
void expand_collective(const RunOptions& opts, const CollectiveInfo& coll,
                       const IntergroupChoice& choice, std::vector<Case>& cases) {
  const bool is_barrier = coll.name == "barrier";
  // Dimensions a collective ignores collapse to one value so they do not multiply cases.
  const std::vector<std::uint64_t> counts =
      is_barrier ? std::vector<std::uint64_t>{0} : choice.counts;
  const std::vector<std::string> dtypes =
      is_barrier ? std::vector<std::string>{opts.dtypes.front()} : opts.dtypes;
  const std::vector<int> roots = coll.rooted ? opts.roots : std::vector<int>{0};
  std::vector<const OpInfo*> ops;
  if (coll.uses_op) {
    for (const auto& o : opts.ops) ops.push_back(find_op(o));
  } else {
    ops.push_back(nullptr);
  }
  for (const AlgVariant& variant : opts.algorithms) {
    const AlgorithmInfo* alg = find_algorithm(coll.name, variant.name);
    if (!alg) continue;  // another listed collective has it
    // Options that only another listed collective's row of this name declares (parse_alg_list
    // checked that one does): `native:overlap-compute=2ms` is iallreduce's, not allreduce's.
    if (!takes_options(*alg, variant.options)) continue;
    const AlgOptions alg_options = variant_options(opts, *alg, variant);
    for (std::uint64_t count : counts)
      for (const auto& dname : dtypes)
        for (const OpInfo* op : ops) {
          const DatatypeInfo* dtype = find_datatype(dname);
          if (op && !op_applies(*op, *dtype)) continue;
          for (int root : roots)
            for (const auto& pattern : opts.patterns)
              for (std::int64_t maxdelay : opts.maxdelays_ns)
                for (std::int64_t compute : opts.computes_ns)
                  for (StartSync sync : opts.syncs) {
                    cases.push_back(Case{&coll, alg, alg_options, count, dtype, op, root, pattern,
                                         maxdelay, compute, sync, choice.setting, choice.groups_p,
                                         choice.shape});
                  }
        }
  }
}

}  // namespace

int setting_groups_p(const intergroup_model::SettingInfo& s, int ranks) {
  return static_cast<int>(ranks / (s.ratio_p + s.ratio_q) * s.ratio_p);
}

IntergroupShape setting_block_shape(const intergroup_model::SettingInfo& s) {
  return {s.ka_factor, s.kb_factor, parse_block_dist(intergroup_model::dist_name(s.dist))};
}

int case_groups_p(const Case& c, int ranks) {
  return c.groups_p > 0 ? c.groups_p : default_groups(ranks).p;
}

std::vector<Case> expand_cases(const RunOptions& opts, int ranks, int nodes) {
  std::vector<Case> cases;
  for (const auto& cname : opts.collectives) {
    const CollectiveInfo* coll = find_collective(cname);
    const std::vector<IntergroupChoice> choices =
        coll->intergroup ? intergroup_choices(opts, *coll, ranks, nodes)
                         : std::vector<IntergroupChoice>{{nullptr, 0, opts.shape, opts.counts}};
    for (const IntergroupChoice& choice : choices) {
      expand_collective(opts, *coll, choice, cases);
    }
  }
  if (opts.shuffle) {
    // A fixed engine and our own Fisher-Yates keep the order identical on every rank and library.
    std::mt19937_64 rng(opts.seed);
    for (std::size_t i = cases.size(); i > 1; --i) {
      std::size_t j = static_cast<std::size_t>(rng() % i);
      std::swap(cases[i - 1], cases[j]);
    }
  }
  return cases;
}

}  // namespace papbench
