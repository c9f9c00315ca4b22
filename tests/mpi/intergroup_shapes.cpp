// The intergroup algorithms ([Kang2019], [Kang2018], the library's own) at the group shapes that
// intergroup_algorithms (every split of 2-8 ranks) does not reach: the non-divisible unit cases of
// [Kang2019] §4's proxies, (8,3) and (3,8) at 11 ranks and (5,5) at 10, with p or q = 1 at the
// same sizes, and every parameter setting S1-S8 of §5 as `papbench --setting` builds it (its
// group ratio at the run's size, its block factors and distribution; 25:7 at 32 ranks, 1:1 at
// 10). Every option value of every registry row, counts that leave pieces empty, zero
// counts (zero-length blocks, and the uneven blocks' zeros), each call run twice and validated
// exactly on every rank through Workload (poisoned output). Each ctest entry stays near 30 s on
// a loaded 2-core machine, which is what limits the 32-rank entry.

#include <fmt/format.h>
#include <mpi.h>

#include <cstdint>
#include <string>
#include <vector>

#include "bench/run/case_matrix.hpp"
#include "collectives/core/intergroup.hpp"
#include "collectives/core/registry.hpp"
#include "collectives/core/workload.hpp"
#include "common/mpi_env.hpp"
#include "models/intergroup_model.hpp"
#include "tests/mpi/intergroup_checks.hpp"
#include "tests/mpi/mpi_test_checks.hpp"

namespace papbench {
namespace {

using mpi_test::expect;
using mpi_test::option_variants;
using mpi_test::run_workload;
namespace im = intergroup_model;

// One group shape to run every algorithm at: the split, the blocks, and what it is called.
struct ShapeCase {
  GroupSplit split;
  IntergroupShape blocks;
  const im::SettingInfo* setting = nullptr;  // null: the uneven blocks (zeros included)
};

// The unit cases of §4 and p or q = 1 at this size, with the uneven blocks.
std::vector<ShapeCase> unit_shapes(int size) {
  std::vector<ShapeCase> out;
  for (const GroupSplit s : {GroupSplit{6, 2}, GroupSplit{8, 3}, GroupSplit{3, 8}, GroupSplit{5, 5},
                             GroupSplit{size - 1, 1}, GroupSplit{1, size - 1}}) {
    // (6,2) and p or q = 1 below 9 ranks are intergroup_algorithms' splits already; 32 ranks
    // run the settings only.
    if (s.p + s.q == size && size > 8 && size <= 11) out.push_back({s, IntergroupShape{}, nullptr});
  }
  return out;
}

// Every setting of `coll` whose ratio this size realises; the 1:1 ones below 32 ranks only, so
// that 32 ranks (oversubscribed, the slow part) run the 25:7 settings alone.
std::vector<ShapeCase> setting_shapes(const CollectiveInfo& coll, int size) {
  std::vector<ShapeCase> out;
  for (const im::SettingInfo& s : im::settings()) {
    if (s.allgatherv != (coll.name == "intergroup_allgatherv")) continue;
    if (size % (s.ratio_p + s.ratio_q) != 0) continue;
    if (size >= 32 && s.ratio_p == s.ratio_q) continue;
    const int p = setting_groups_p(s, size);
    out.push_back({{p, size - p}, setting_block_shape(s), &s});
  }
  return out;
}

std::string label(const AlgorithmInfo& info, const AlgOptions& given, const ShapeCase& c) {
  std::string out = fmt::format("{} groups={}:{}", info.full_name(), c.split.p, c.split.q);
  if (c.setting != nullptr) out += fmt::format(" setting={}", c.setting->name);
  for (const auto& [k, v] : given) out += fmt::format(" {}={}", k, v);
  return out;
}

void run_all(long& cases) {
  const int size = world_size();
  // Per-rank counts: empty (zero-length blocks), smaller than a subgroup (empty pieces), odd,
  // and large enough that every piece holds data. 32 ranks (oversubscribed, the slow part) run
  // one count, each algorithm with its default options (their other values run at 10 and 11):
  // 3 ints leave one of a 4-rank subgroup's pieces empty, and S3's k_B and S4's k_A (a quarter,
  // rounded) are 1 int, so that three of four pieces are.
  const bool big = size >= 32;
  const std::vector<std::uint64_t> counts =
      big ? std::vector<std::uint64_t>{3} : std::vector<std::uint64_t>{0, 1, 3, 7, 100};
  const long before = cases;
  for (const CollectiveInfo& coll : collective_table()) {
    if (!coll.intergroup) continue;
    std::vector<ShapeCase> shapes = unit_shapes(size);
    for (ShapeCase& s : setting_shapes(coll, size)) shapes.push_back(s);
    for (const ShapeCase& shape : shapes) {
      const Comm inter = make_intergroup(MPI_COMM_WORLD, shape.split.p, shape.split.q);
      for (const std::string_view name : algorithms_of(coll.name)) {
        const AlgorithmInfo& info = *find_algorithm(coll.name, name);
        for (const AlgOptions& given :
             big ? std::vector<AlgOptions>{AlgOptions{}} : option_variants(info)) {
          const auto alg = make_algorithm(info, given);
          for (const std::uint64_t c : counts) {
            run_workload(coll, *alg, inter.get(), *find_datatype("int"), c,
                         label(info, given, shape), shape.blocks);
            ++cases;
          }
        }
      }
    }
  }
  if (size == 10 || size == 11 || size == 32) {
    expect(cases > before, fmt::format("{} ranks have shapes to test", size));
  } else if (world_rank() == 0) {
    fmt::print("note: {} ranks hold no unit shape and no setting ratio\n", size);
  }
}

}  // namespace
}  // namespace papbench

int main(int argc, char** argv) {
  papbench::MpiSession session(&argc, &argv);
  long cases = 0;
  const int status = papbench::mpi_test::run_checks([&] { papbench::run_all(cases); });
  if (papbench::world_rank() == 0) fmt::print("{} cases\n", cases);
  return status;
}
