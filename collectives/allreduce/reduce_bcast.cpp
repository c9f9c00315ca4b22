// allreduce/reduce-bcast and allreduce/clairvoyant-bcast: a reduce to rank 0, then a bcast from
// rank 0, each by any of papbench's registered reduce and bcast algorithms, as Open MPI's
// nonoverlapping allreduce composes the library's own ([OpenMPI] v4.1.4
// ompi/mca/coll/base/coll_base_allreduce.c, ompi_coll_base_allreduce_intra_nonoverlapping:
// "Reduce to 0 and broadcast"; coll_tuned's algorithm 2). So the imbalance-aware reduces and
// bcasts ([ProficzOcetkiewicz2021]'s Clairvoyant, [Parsons2015]'s dynamic leaders) work as
// allreduce. The bcast starts when the reduce has returned on the rank, as Open MPI's.
//
// Both parts are made and prepared once per case (their communicators, node-shared buffers,
// windows and Clairvoyant's calibration live in their own prepare()); run() only calls them. The
// reduce sees the caller's Args (PAT runtime included, which clairvoyant reads), the bcast the
// receive buffer, which holds the reduction at rank 0. A part that reorders operands refuses a
// non-commutative op in its prepare(), so the composition takes what its reduce takes.
//
// The parts run with their default options: the registry's options are one level of typed
// key=value pairs, with no way to hand a nested list through (docs/ALGORITHMS.md, Decision:
// reduce + bcast options). clairvoyant-bcast declares Clairvoyant's own options (the same
// declarations, so --clv-segments and the others set both), because it needs the PAT runtime,
// which the registry grants per row (AlgorithmInfo::needs_pat), not per option.
//
// Cost = the reduce's + the bcast's.
#include <fmt/format.h>

#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "collectives/allreduce/allreduce.hpp"
#include "collectives/core/alg_option.hpp"
#include "collectives/core/registry.hpp"

namespace papbench {
namespace {

class AllreduceReduceBcast final : public Algorithm {
 public:
  AllreduceReduceBcast(const AlgorithmInfo& reduce, const AlgOptions& reduce_options,
                       const AlgorithmInfo& bcast, const AlgOptions& bcast_options)
      : reduce_(make_algorithm(reduce, reduce_options)),
        bcast_(make_algorithm(bcast, bcast_options)) {}

  void prepare(const Args& a) override {
    reduce_->prepare(reduce_args(a));
    bcast_->prepare(bcast_args(a));
  }

  void run(const Args& a) override {
    reduce_->run(reduce_args(a));
    bcast_->run(bcast_args(a));
  }

  std::vector<AlgMetric> iteration_metrics() const override {
    std::vector<AlgMetric> out = reduce_->iteration_metrics();
    for (AlgMetric& m : bcast_->iteration_metrics()) out.push_back(std::move(m));
    return out;
  }

  // The bcast's, which is where the result lies (every row's default keeps MPI semantics).
  const void* result_view(const Args& a) const override {
    return bcast_->result_view(bcast_args(a));
  }

 private:
  static Args reduce_args(const Args& a) {
    Args r = a;
    r.root = 0;
    return r;
  }
  // A bcast's one buffer is its receive buffer (core/collective_layouts.cpp, bcast).
  static Args bcast_args(const Args& a) {
    Args b = a;
    b.root = 0;
    b.send = a.recv;
    b.pat = nullptr;
    return b;
  }

  std::unique_ptr<Algorithm> reduce_, bcast_;
};

const AlgorithmInfo& composed_part_row(std::string_view collective, std::string_view name) {
  const AlgorithmInfo* info = find_algorithm(collective, name);
  if (info == nullptr) {
    throw std::logic_error(fmt::format("allreduce: no {} algorithm {}", collective, name));
  }
  return *info;
}

// clairvoyant-bcast's own options are Clairvoyant's; `bcast` is the composition's.
AlgOptions clairvoyant_part_options(const AlgOptions& options) {
  AlgOptions clv = options;
  clv.erase("bcast");
  return clv;
}

}  // namespace

std::unique_ptr<Algorithm> make_allreduce_reduce_bcast(const AlgOptions& options) {
  return std::make_unique<AllreduceReduceBcast>(
      composed_part_row("reduce", option_text(options, "reduce")), AlgOptions{},
      composed_part_row("bcast", option_text(options, "bcast")), AlgOptions{});
}

std::unique_ptr<Algorithm> make_allreduce_clairvoyant_bcast(const AlgOptions& options) {
  return std::make_unique<AllreduceReduceBcast>(
      composed_part_row("reduce", "clairvoyant"), clairvoyant_part_options(options),
      composed_part_row("bcast", option_text(options, "bcast")), AlgOptions{});
}

}  // namespace papbench
