// alltoall/mpich-bruck: MPICH 3.0.4's short-message alltoall, Bruck's algorithm ([MPICH]
// alltoall.c, MPIR_Alltoall_intra; [Parsons2015] §3.7.3, "MPICH Bruck"). Phase 1 rotates the
// send blocks up by `rank` into recv, so slot k holds the block for rank + k. Phase 2: for each
// 2^j < P, the slots whose bit j is set are packed, sent to rank + 2^j, and the same slots are
// overwritten by what comes from rank - 2^j (received through an indexed datatype made in
// prepare(), as MPICH does). Phase 3 rotates by rank + 1 and reverses the slot order, so block j
// lands at position j. MPICH takes this path for P >= 8 only; here it runs at any P.
//
// Cost = ceil(lgp).alpha + (n/2).ceil(lgp).beta + 3n (pack and rotations) (n = p blocks, bytes).
#include <utility>
#include <vector>

#include "collectives/alltoall/alltoall.hpp"
#include "collectives/core/buffers.hpp"
#include "collectives/core/mpich_p2p.hpp"
#include "common/mpi_env.hpp"

namespace papbench {
namespace {

using namespace mpich;

constexpr int kAlltoallMpichBruckTag = 49;

class AlltoallMpichBruck final : public Algorithm {
 public:
  void prepare(const Args& a) override {
    comm_ = Comm::dup(a.comm);
    count_ = a.count;
    const int size = comm_.size();
    tmp_.reserve(std::size_t(size) * a.count * extent_of(a.dtype));
    slots_.clear();
    if (a.count == 0) return;
    const int n = count_as_int(a.count, "alltoall count");
    for (int dist = 1; dist < size; dist *= 2) {
      Step step;
      std::vector<int> displs;
      for (int k = 0; k < size; ++k) {
        if (k & dist) {
          step.slots.push_back(k);
          displs.push_back(count_as_int(std::size_t(k) * a.count, "alltoall displacement"));
        }
      }
      MPI_Datatype t = MPI_DATATYPE_NULL;
      mpi_check(MPI_Type_create_indexed_block(static_cast<int>(displs.size()), n, displs.data(),
                                              a.dtype, &t),
                "MPI_Type_create_indexed_block");
      mpi_check(MPI_Type_commit(&t), "MPI_Type_commit");
      step.type = OwnedType(t);
      slots_.push_back(std::move(step));
    }
  }

  void run(const Args& a) override {
    expect_prepared(count_, a.count, "alltoall/mpich-bruck");
    if (a.count == 0) return;
    const int size = comm_.size(), rank = comm_.rank();
    const std::size_t ext = extent_of(a.dtype), c = a.count;
    const auto p = std::size_t(size), r = std::size_t(rank);
    std::byte* tmp = tmp_.data();
    // Phase 1: slot k of recv <- send block rank + k.
    local_copy(at(a.send, r * c, ext), a.recv, (p - r) * c, ext);
    local_copy(a.send, at(a.recv, (p - r) * c, ext), r * c, ext);
    // Phase 2.
    int dist = 1;
    for (const Step& step : slots_) {
      std::size_t packed = 0;
      for (const int k : step.slots) {
        local_copy(at(a.recv, std::size_t(k) * c, ext), at(tmp, packed, ext), c, ext);
        packed += c;
      }
      mpi_check(MPI_Sendrecv(tmp, count_as_int(packed, "alltoall packed"), a.dtype,
                             (rank + dist) % size, kAlltoallMpichBruckTag, a.recv, 1,
                             step.type.get(), (rank - dist + size) % size, kAlltoallMpichBruckTag,
                             comm_.get(), MPI_STATUS_IGNORE),
                "MPI_Sendrecv");
      dist *= 2;
    }
    // Phase 3: rotate up by rank + 1 into tmp, then reverse the slots into recv.
    local_copy(at(a.recv, (r + 1) * c, ext), tmp, (p - r - 1) * c, ext);
    local_copy(a.recv, at(tmp, (p - r - 1) * c, ext), (r + 1) * c, ext);
    for (std::size_t k = 0; k < p; ++k) {
      local_copy(at(tmp, k * c, ext), at(a.recv, (p - k - 1) * c, ext), c, ext);
    }
  }

 private:
  struct Step {
    std::vector<int> slots;  // recv slots with bit j set, in order
    OwnedType type;          // those slots of recv as one indexed datatype
  };
  Comm comm_;
  std::size_t count_ = 0;
  Scratch tmp_;
  std::vector<Step> slots_;
};

}  // namespace

std::unique_ptr<Algorithm> make_alltoall_mpich_bruck(const AlgOptions& /*options*/) {
  return std::make_unique<AlltoallMpichBruck>();
}

}  // namespace papbench
