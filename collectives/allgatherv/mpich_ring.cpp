// allgatherv/mpich-ring: MPICH 3.0.4's pipelined ring allgatherv ([MPICH] allgatherv.c,
// MPIR_Allgatherv_intra, the "long message or non-power-of-two" path; [Parsons2015] §2.3.1, the
// UHA's inter-node ring for allgatherv). As the ring allgather, block rank - i + 1 goes right
// while block rank - i comes from the left, but each block travels in chunks of
// max(smallest count, pipeline / extent) elements (at least 1), so a long block does not hold up
// the ring; a side with nothing to move in a step only receives or only sends, and two empty
// blocks in a row make an empty step.
//
// Cost = (p-1 + sum of extra chunks).alpha + n.((p-1)/p).beta (n = all blocks, bytes).
#include <algorithm>

#include "collectives/allgatherv/allgatherv.hpp"
#include "collectives/core/alg_option.hpp"
#include "collectives/core/buffers.hpp"
#include "common/mpi_env.hpp"

namespace papbench {
namespace {

constexpr int kAllgathervMpichRingTag = 45;

class AllgathervMpichRing final : public Algorithm {
 public:
  explicit AllgathervMpichRing(std::int64_t pipeline_bytes) : pipeline_bytes_(pipeline_bytes) {}

  void prepare(const Args& a) override { comm_ = Comm::dup(a.comm); }

  void run(const Args& a) override {
    const int size = comm_.size(), rank = comm_.rank();
    const std::size_t ext = extent_of(a.dtype);
    std::int64_t total = 0;
    for (const int c : a.counts) total += c;
    if (total == 0) return;
    auto at_elem = [&](int block, std::int64_t offset) {
      return at(a.recv, static_cast<std::size_t>(a.displs[block] + offset), ext);
    };
    local_copy(a.send, at_elem(rank, 0), static_cast<std::size_t>(a.counts[rank]), ext);
    const int left = (rank - 1 + size) % size, right = (rank + 1) % size;
    std::int64_t to_recv = total - a.counts[rank], to_send = total - a.counts[right];
    std::int64_t chunk = *std::min_element(a.counts.begin(), a.counts.end());
    if (chunk * static_cast<std::int64_t>(ext) < pipeline_bytes_) {
      chunk = pipeline_bytes_ / static_cast<std::int64_t>(ext);
    }
    chunk = std::max<std::int64_t>(chunk, 1);  // an extent larger than the pipeline size
    int sidx = rank, ridx = left;
    std::int64_t soffset = 0, roffset = 0;
    while (to_send > 0 || to_recv > 0) {
      const std::int64_t send_now =
          to_send > 0 ? std::min(chunk, std::int64_t{a.counts[sidx]} - soffset) : 0;
      const std::int64_t recv_now =
          to_recv > 0 ? std::min(chunk, std::int64_t{a.counts[ridx]} - roffset) : 0;
      const int ns = count_as_int(static_cast<std::size_t>(send_now), "allgatherv chunk");
      const int nr = count_as_int(static_cast<std::size_t>(recv_now), "allgatherv chunk");
      if (send_now > 0 && recv_now > 0) {
        mpi_check(MPI_Sendrecv(at_elem(sidx, soffset), ns, a.dtype, right, kAllgathervMpichRingTag,
                               at_elem(ridx, roffset), nr, a.dtype, left, kAllgathervMpichRingTag,
                               comm_.get(), MPI_STATUS_IGNORE),
                  "MPI_Sendrecv");
      } else if (send_now > 0) {
        mpi_check(MPI_Send(at_elem(sidx, soffset), ns, a.dtype, right, kAllgathervMpichRingTag,
                           comm_.get()),
                  "MPI_Send");
      } else if (recv_now > 0) {
        mpi_check(MPI_Recv(at_elem(ridx, roffset), nr, a.dtype, left, kAllgathervMpichRingTag,
                           comm_.get(), MPI_STATUS_IGNORE),
                  "MPI_Recv");
      }
      to_send -= send_now;
      to_recv -= recv_now;
      soffset += send_now;
      roffset += recv_now;
      if (soffset == a.counts[sidx]) {
        soffset = 0;
        sidx = (sidx - 1 + size) % size;
      }
      if (roffset == a.counts[ridx]) {
        roffset = 0;
        ridx = (ridx - 1 + size) % size;
      }
    }
  }

 private:
  std::int64_t pipeline_bytes_;
  Comm comm_;
};

}  // namespace

std::unique_ptr<Algorithm> make_allgatherv_mpich_ring(const AlgOptions& options) {
  return std::make_unique<AllgathervMpichRing>(option_integer(options, "pipeline"));
}

}  // namespace papbench
