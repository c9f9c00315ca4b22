// reduce/clairvoyant (CLV): the Clairvoyant reduce of seed 003 (Listings 2/8, spec 003 §7). Every
// rank takes the allgathered arrival times from the PAT runtime, computes the same schedule with
// the segment-tree implementation (clairvoyant/schedule.hpp) and executes its own part of it:
// per round at most one nonblocking send (its current partial of one segment) and one receive,
// waited for together. A received segment is combined into the partial, or overwrites it when
// this rank already shipped that segment (§7.3: its own share is then inside the incoming one).
//
// Schedule inputs: arrivals in ns, shifted so the earliest is 0 (§13.13), as integer ticks of
// 1 ns; round time d = kRoundTimeNs (100 us, about one segment's transfer + combine for the
// benchmark's vector sizes on a node, §13.12); N = min(count, P) segments, split by BlockLayout
// (sizes differ by at most one, larger first). The schedule is computed inside the timed region.
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <vector>

#include "collectives/pat/pat_runtime.hpp"
#include "collectives/reduce/clairvoyant/schedule.hpp"
#include "collectives/reduce/reduce.hpp"
#include "collectives/reduce/reduce_common.hpp"
#include "common/mpi_env.hpp"

namespace papbench {
namespace {

using namespace reduce_detail;

constexpr std::int64_t kRoundTimeNs = 100'000;  // d = 100 us
constexpr int kTagBase = 41;                    // tag = kTagBase + segment

class ReduceClairvoyant final : public Algorithm {
 public:
  void prepare(const Args& a) override {
    require_commutative(a.op, "reduce/clairvoyant");
    comm_ = Comm::dup(a.comm);
    PatRuntime& pat = require_pat(a, "reduce/clairvoyant");
    pat.use_alg(nullptr);
    pat.register_call(a);
    count_ = a.count;
    const std::size_t size = static_cast<std::size_t>(comm_.size());
    const std::size_t segments = std::min(a.count, size);
    const std::size_t extent = extent_of(a.dtype);
    acc_.reserve(a.count * extent);
    if (segments > 0) tmp_.reserve(BlockLayout(a.count, segments).max_elements(1) * extent);
  }

  void run(const Args& a) override {
    expect_prepared(count_, a.count, "reduce/clairvoyant");
    if (a.count == 0) return;
    const int size = comm_.size(), rank = comm_.rank();
    const std::size_t extent = extent_of(a.dtype);
    std::byte* buf = rank == a.root ? static_cast<std::byte*>(a.recv) : acc_.data();
    std::memcpy(buf, a.send, a.count * extent);
    if (size == 1) return;

    const auto arrivals = require_pat(a, "reduce/clairvoyant").arrivals();
    clv::Instance in;
    const std::int64_t first = *std::min_element(arrivals.begin(), arrivals.end());
    in.arrival.reserve(arrivals.size());
    for (const std::int64_t t : arrivals) in.arrival.push_back(t - first);
    in.round_time = kRoundTimeNs;
    const std::size_t segments = std::min(a.count, static_cast<std::size_t>(size));
    in.segments = static_cast<int>(segments);
    in.root = a.root;
    const clv::Schedule schedule = clv::schedule_segtree(in);
    const BlockLayout layout(a.count, segments);

    // Segments this rank has shipped and not received back since (§7.3).
    std::vector<bool> shipped(segments, false);
    const auto& transfers = schedule.transfers;  // sorted by (round, to)
    for (std::size_t i = 0; i < transfers.size();) {
      const int round = transfers[i].round;
      const clv::Transfer* send = nullptr;
      const clv::Transfer* recv = nullptr;
      for (; i < transfers.size() && transfers[i].round == round; ++i) {
        if (transfers[i].from == rank) send = &transfers[i];
        if (transfers[i].to == rank) recv = &transfers[i];
      }
      if (send == nullptr && recv == nullptr) continue;
      MPI_Request requests[2] = {MPI_REQUEST_NULL, MPI_REQUEST_NULL};
      if (send != nullptr) {
        const auto s = static_cast<std::size_t>(send->segment);
        mpi_check(MPI_Isend(buf + layout.begin(s) * extent,
                            count_as_int(layout.elements(s, s + 1), "segment"), a.dtype, send->to,
                            kTagBase + send->segment, comm_.get(), &requests[0]),
                  "MPI_Isend");
      }
      if (recv != nullptr) {
        const auto s = static_cast<std::size_t>(recv->segment);
        mpi_check(
            MPI_Irecv(tmp_.data(), count_as_int(layout.elements(s, s + 1), "segment"), a.dtype,
                      recv->from, kTagBase + recv->segment, comm_.get(), &requests[1]),
            "MPI_Irecv");
      }
      mpi_check(MPI_Waitall(2, requests, MPI_STATUSES_IGNORE), "MPI_Waitall");
      if (send != nullptr) shipped[static_cast<std::size_t>(send->segment)] = true;
      if (recv != nullptr) {
        const auto s = static_cast<std::size_t>(recv->segment);
        const std::size_t n = layout.elements(s, s + 1);
        std::byte* dst = buf + layout.begin(s) * extent;
        if (shipped[s]) {
          std::memcpy(dst, tmp_.data(), n * extent);
        } else {
          combine(tmp_.data(), dst, n, a.dtype, a.op);
        }
        shipped[s] = false;
      }
    }
  }

 private:
  Comm comm_;
  std::size_t count_ = 0;
  Scratch acc_, tmp_;
};

}  // namespace

std::unique_ptr<Algorithm> make_reduce_clairvoyant(const AlgOptions& options) {
  expect_no_options(options, "reduce/clairvoyant");
  return std::make_unique<ReduceClairvoyant>();
}

}  // namespace papbench
