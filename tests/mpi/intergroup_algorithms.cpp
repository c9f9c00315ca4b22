// Every registered intergroup algorithm ([Kang2019], [Kang2018], the library's own) with every
// value of each of its choice options, at every split p:q of the ranks (so either group is the
// smaller one, p == q where the size is even, and p, q that do not divide each other), over
// counts that leave pieces empty (count < subgroup size), odd counts and a large one, several
// datatypes, and for allgatherv the zero-length blocks of the workload (vblock_count). Each call
// runs twice on the same prepared algorithm and is validated exactly on every rank through
// Workload (poisoned output). Allgatherv algorithms also run with receive displacements that
// leave gaps between the blocks: the gaps must stay untouched and every block land at its
// displacement. Every case also runs with blocks that differ between the groups and with the
// --dist distributions of allgatherv. Algorithms and options come from the registry, so a new row
// is covered at once. Every algorithm, option and split also runs on the other form of the groups
// (make_intergroup), the spanning intracommunicator the SMPI build uses (no intercommunicators
// there), over the counts and the unequal blocks: what differs there is how a remote rank is
// addressed; the library's own (native) must refuse it.

#include <fmt/format.h>
#include <mpi.h>

#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "collectives/core/intergroup.hpp"
#include "collectives/core/registry.hpp"
#include "collectives/core/workload.hpp"
#include "common/mpi_env.hpp"
#include "tests/mpi/intergroup_checks.hpp"
#include "tests/mpi/mpi_test_checks.hpp"

namespace papbench {
namespace {

using mpi_test::all_ok;
using mpi_test::expect;
using mpi_test::option_variants;
using mpi_test::run_workload;

std::string label(const AlgorithmInfo& info, const AlgOptions& given, GroupSplit s) {
  std::string out = fmt::format("{} groups={}:{}", info.full_name(), s.p, s.q);
  for (const auto& [k, v] : given) out += fmt::format(" {}={}", k, v);
  return out;
}

// intergroup_allgatherv with a gap of y + 1 ints before remote block y.
void run_gapped(Algorithm& alg, MPI_Comm inter, std::uint64_t count, const std::string& where) {
  const IntergroupLayout g = intergroup_layout(inter);
  const int me = g.local_rank;
  constexpr int kPoison = -7;
  auto value = [](int global, int k) { return global * 100003 + k; };
  std::vector<int> counts, displs;
  int end = 0;
  for (int y = 0; y < g.remote_size; ++y) {
    counts.push_back(int(vblock_count(count, y)));
    displs.push_back(end + y + 1);
    end = displs.back() + counts.back();
  }
  std::vector<int> send(vblock_count(count, me));
  for (std::size_t k = 0; k < send.size(); ++k) send[k] = value(g.local_offset + me, int(k));
  std::vector<int> recv(std::size_t(end) + 2, kPoison);
  Args a;
  a.comm = inter;
  a.dtype = MPI_INT;
  a.count = count;
  a.send = send.data();
  a.send_count = send.size();
  a.recv = recv.data();
  a.counts = counts;
  a.displs = displs;
  alg.prepare(a);
  for (int it = 0; it < 2; ++it) {
    std::fill(recv.begin(), recv.end(), kPoison);
    alg.run(a);
    std::vector<int> expected(recv.size(), kPoison);
    for (int y = 0; y < g.remote_size; ++y) {
      for (int k = 0; k < counts[std::size_t(y)]; ++k) {
        expected[std::size_t(displs[std::size_t(y)] + k)] = value(g.remote_offset + y, k);
      }
    }
    std::size_t first_bad = recv.size();
    for (std::size_t i = 0; i < recv.size() && first_bad == recv.size(); ++i) {
      if (recv[i] != expected[i]) first_bad = i;
    }
    const bool ok = first_bad == recv.size();
    expect(ok, fmt::format("{} gapped displs count={} iteration {}: element {} is {}, expected {}",
                           where, count, it, first_bad, ok ? 0 : recv[first_bad],
                           ok ? 0 : expected[first_bad]));
    if (!all_ok(ok)) return;
  }
}

std::vector<IntergroupShape> shapes_of(const CollectiveInfo& coll) {
  if (coll.name == "intergroup_allgather") {
    return {{1.0, 0.25, BlockDist::kUneven}, {0.25, 1.0, BlockDist::kUneven}};
  }
  return {{1.0, 1.0, BlockDist::kEqual},
          {1.0, 1.0, BlockDist::kArithCode},
          {1.0, 1.0, BlockDist::kArithLiteral},
          {0.25, 1.0, BlockDist::kArithCode},
          {1.0, 0.25, BlockDist::kArithLiteral}};
}

void run_all(long& cases) {
  const int size = world_size();
  if (size < 2) {
    if (world_rank() == 0) fmt::print("skip: two groups need at least 2 ranks\n");
    return;
  }
  const std::vector<std::uint64_t> counts = {0, 1, 2, 5, 7, 13, 1000};
  const long before = cases;
  // The datatypes change only the element size: int for every count, two more for two counts.
  const std::vector<std::uint64_t> typed_counts = {7, 1000};
  const std::vector<std::uint64_t> shape_counts = {1, 7, 100};
  const std::vector<std::uint64_t> shape_counts_spanning = {100};
  for (const CollectiveInfo& coll : collective_table()) {
    if (!coll.intergroup) continue;
    for (const std::string_view name : algorithms_of(coll.name)) {
      const AlgorithmInfo& info = *find_algorithm(coll.name, name);
      for (const AlgOptions& given : option_variants(info)) {
        const auto alg = make_algorithm(info, given);
        // Every split with block placement, and half/half interleaved (--placement): the
        // algorithms see only the intercommunicator, whose groups are then not contiguous ranges.
        for (int p = 1; p <= 2 * size; ++p) {
          const bool interleaved = p % size == 0;
          const IntergroupForm form =
              p > size ? IntergroupForm::kSpanning : IntergroupForm::kIntercomm;
          const GroupSplit s =
              interleaved ? default_groups(size) : GroupSplit{p % size, size - p % size};
          const Comm inter =
              make_intergroup(MPI_COMM_WORLD, s.p, s.q,
                              interleaved ? Placement::kInterleaved : Placement::kBlock, form);
          const std::string where = label(info, given, s) +
                                    (interleaved ? " placement=interleaved" : "") +
                                    " form=" + std::string(intergroup_form_name(form));
          if (form == IntergroupForm::kSpanning && info.name == "native") {
            // The library's call on an intracommunicator would be another collective.
            Workload w(coll, inter.get(), 0, *find_datatype("int"), *find_op("sum"), 1);
            bool refused = false;
            try {
              alg->prepare(w.args());
            } catch (const std::invalid_argument&) {
              refused = true;
            }
            expect(refused, where + ": native ran on the spanning form");
            ++cases;
            continue;
          }
          for (const std::uint64_t c : counts) {
            run_workload(coll, *alg, inter.get(), *find_datatype("int"), c, where);
            ++cases;
          }
          // The spanning form differs from the intercommunicator only in how a remote rank is
          // addressed (RemoteGroup): the counts above send to every remote rank, with empty
          // pieces and without. Element sizes, distributions and receive displacements are the
          // same code on either form and run on the intercommunicator only; the spanning form
          // keeps one count of each shape whose groups' blocks differ (its peers then send
          // different sizes each way).
          const bool spanning = form == IntergroupForm::kSpanning;
          if (!spanning) {
            for (const std::uint64_t c : typed_counts) {
              for (const char* t : {"uint8", "double"}) {
                run_workload(coll, *alg, inter.get(), *find_datatype(t), c, where);
                ++cases;
              }
            }
          }
          // Blocks that differ between the groups (--ka-factor/--kb-factor, [Kang2019]
          // settings 3-4 and 6-8) and the --dist distributions, int only.
          for (const IntergroupShape& shape : shapes_of(coll)) {
            if (spanning && shape.ka == shape.kb) continue;
            for (const std::uint64_t c : spanning ? shape_counts_spanning : shape_counts) {
              run_workload(coll, *alg, inter.get(), *find_datatype("int"), c,
                           fmt::format("{} ka={} kb={} dist={}", where, shape.ka, shape.kb,
                                       block_dist_name(shape.dist)),
                           shape);
              ++cases;
            }
          }
          if (coll.name == "intergroup_allgatherv" && !spanning) {
            for (const std::uint64_t c : {0, 1, 7, 100}) {
              run_gapped(*alg, inter.get(), c, where);
              ++cases;
            }
          }
        }
      }
    }
  }
  expect(cases > before, "the registry has intergroup algorithms to test");
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
