#include "bench/case_matrix.hpp"

#include <algorithm>
#include <random>

namespace papbench {

std::vector<Case> expand_cases(const RunOptions& opts) {
  std::vector<Case> cases;
  for (const auto& cname : opts.collectives) {
    const CollectiveInfo* coll = find_collective(cname);
    const bool is_barrier = cname == "barrier";
    // Dimensions a collective ignores collapse to one value so they do not multiply cases.
    std::vector<std::uint64_t> counts = is_barrier ? std::vector<std::uint64_t>{0} : opts.counts;
    std::vector<std::string> dtypes =
        is_barrier ? std::vector<std::string>{opts.dtypes.front()} : opts.dtypes;
    std::vector<int> roots = coll->rooted ? opts.roots : std::vector<int>{0};
    std::vector<const OpInfo*> ops;
    if (coll->uses_op) {
      for (const auto& o : opts.ops) ops.push_back(find_op(o));
    } else {
      ops.push_back(nullptr);
    }
    for (const AlgVariant& variant : opts.algorithms) {
      const AlgorithmInfo* alg = find_algorithm(cname, variant.name);
      if (!alg) continue;  // another listed collective has it
      const AlgOptions alg_options = variant_options(opts, *alg, variant);
      for (std::uint64_t count : counts)
        for (const auto& dname : dtypes)
          for (const OpInfo* op : ops) {
            const DatatypeInfo* dtype = find_datatype(dname);
            if (op && !op_applies(*op, *dtype)) continue;
            for (int root : roots)
              for (const auto& pattern : opts.patterns)
                for (std::int64_t maxdelay : opts.maxdelays_ns)
                  for (std::int64_t compute : opts.computes_ns) {
                    cases.push_back(Case{coll, alg, alg_options, count, dtype, op, root, pattern,
                                         maxdelay, compute});
                  }
          }
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
