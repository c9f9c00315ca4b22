#include "collectives/allreduce/ring_driver.hpp"

#include <array>
#include <string>

#include "collectives/allreduce/allreduce.hpp"
#include "collectives/core/alg_option.hpp"
#include "collectives/core/buffers.hpp"
#include "common/mpi_env.hpp"

namespace papbench::allreduce_ring {
namespace {

constexpr int kAllreduceRingTag = 62;

class RingAllreduce final : public Algorithm {
 public:
  RingAllreduce(std::string_view name, RingPhases phases, AlgOptions resolved)
      : name_(name), phases_(phases), resolved_(std::move(resolved)) {}

  void prepare(const Args& a) override {
    require_commutative(a.op, name_);
    comm_ = Comm::dup(a.comm);
    count_ = a.count;
    const int size = comm_.size();
    int type_size = 0;
    mpi_check(MPI_Type_size(a.dtype, &type_size), "MPI_Type_size");
    fallback_.reset();
    phase_count_ = 0;
    if (size == 1) return;  // Open MPI's special case: a copy
    if (a.count < static_cast<std::size_t>(size)) {
      fallback_ = make_allreduce_recursive_doubling({});
      fallback_->prepare(a);
      return;
    }
    phase_count_ = phases_(resolved_, a.count, size, static_cast<std::size_t>(type_size));
    const std::size_t seg =
        inbuf_elems(phases_, resolved_, a.count, size, static_cast<std::size_t>(type_size));
    const std::size_t ext = extent_of(a.dtype);
    inbuf_[0].reserve(seg * ext);
    inbuf_[1].reserve(size > 2 ? seg * ext : 0);  // Open MPI allocates the second for P > 2
    max_seg_ = seg;
  }

  void run(const Args& a) override {
    expect_prepared(count_, a.count, name_);
    if (fallback_) {
      fallback_->run(a);
      return;
    }
    const std::size_t ext = extent_of(a.dtype);
    auto* rbuf = static_cast<std::byte*>(a.recv);
    local_copy(a.send, rbuf, a.count, ext);
    const int size = comm_.size(), rank = comm_.rank();
    if (size == 1) return;
    const auto p = static_cast<std::size_t>(size);
    const EvenBlocks blocks(a.count, p);
    const auto phases = static_cast<std::size_t>(phase_count_);
    const int send_to = (rank + 1) % size, recv_from = (rank + size - 1) % size;
    const int max_seg = count_as_int(max_seg_, "allreduce segment");
    std::array<MPI_Request, 2> reqs = {MPI_REQUEST_NULL, MPI_REQUEST_NULL};
    // Segment `phase` of block b: its first element and length.
    auto segment = [&](int b, std::size_t phase) {
      const auto bb = static_cast<std::size_t>(b);
      const EvenBlocks segs(blocks.elements(bb, bb + 1), phases);
      return std::pair{blocks.begin(bb) + segs.begin(phase), segs.elements(phase, phase + 1)};
    };
    auto recv_into = [&](int inbi) {
      mpi_check(MPI_Irecv(inbuf_[inbi].data(), max_seg, a.dtype, recv_from, kAllreduceRingTag,
                          comm_.get(), &reqs[static_cast<std::size_t>(inbi)]),
                "MPI_Irecv");
    };
    auto send_segment = [&](std::size_t first, std::size_t n) {
      mpi_check(MPI_Send(rbuf + first * ext, count_as_int(n, "allreduce segment"), a.dtype, send_to,
                         kAllreduceRingTag, comm_.get()),
                "MPI_Send");
    };
    auto wait_and_combine = [&](int inbi, int b, std::size_t phase) {
      mpi_check(MPI_Wait(&reqs[static_cast<std::size_t>(inbi)], MPI_STATUS_IGNORE), "MPI_Wait");
      const auto [first, n] = segment(b, phase);
      combine(inbuf_[inbi].data(), rbuf + first * ext, n, a.dtype, a.op);
      return std::pair{first, n};
    };

    // Computation: a ring reduce-scatter per phase.
    for (std::size_t phase = 0; phase < phases; ++phase) {
      int inbi = 0;
      recv_into(inbi);
      const auto [first, n] = segment(rank, phase);
      send_segment(first, n);
      for (int k = 2; k < size; ++k) {
        const int prevblock = (rank + size - k + 1) % size;
        inbi ^= 1;
        recv_into(inbi);
        const auto [pfirst, pn] = wait_and_combine(inbi ^ 1, prevblock, phase);
        send_segment(pfirst, pn);
      }
      wait_and_combine(inbi, (rank + 1) % size, phase);
    }

    // Distribution: ring allgather with ranks shifted by 1; rank r starts with block r + 1.
    for (int k = 0; k < size - 1; ++k) {
      const auto recv_block = static_cast<std::size_t>((rank + size - k) % size);
      const auto send_block = static_cast<std::size_t>((rank + 1 + size - k) % size);
      mpi_check(
          MPI_Sendrecv(rbuf + blocks.begin(send_block) * ext,
                       count_as_int(blocks.elements(send_block, send_block + 1), "allreduce block"),
                       a.dtype, send_to, kAllreduceRingTag, rbuf + blocks.begin(recv_block) * ext,
                       count_as_int(blocks.elements(recv_block, recv_block + 1), "allreduce block"),
                       a.dtype, recv_from, kAllreduceRingTag, comm_.get(), MPI_STATUS_IGNORE),
          "MPI_Sendrecv");
    }
  }

 private:
  std::string name_;
  RingPhases phases_;
  AlgOptions resolved_;
  Comm comm_;
  std::size_t count_ = 0, max_seg_ = 0;
  int phase_count_ = 0;
  std::array<Scratch, 2> inbuf_;
  std::unique_ptr<Algorithm> fallback_;  // recursive doubling below P elements, as Open MPI
};

}  // namespace

int one_phase(const AlgOptions& /*resolved*/, std::size_t /*count*/, int /*size*/,
              std::size_t /*type_size*/) {
  return 1;
}

int segmented_phases(const AlgOptions& resolved, std::size_t count, int size,
                     std::size_t type_size) {
  const auto segsize = static_cast<std::size_t>(option_integer(resolved, "segsize"));
  std::size_t segcount = count;
  if (segsize >= type_size && segsize < type_size * segcount) {
    segcount = segsize / type_size;
    if (segsize - segcount * type_size > type_size / 2) ++segcount;
  }
  const std::size_t per_phase = static_cast<std::size_t>(size) * segcount;
  if (count < per_phase) return 1;  // Open MPI: "switching to regular ring"
  std::size_t phases = count / per_phase;
  const std::size_t rest = count % per_phase;
  if (rest >= static_cast<std::size_t>(size) && rest > per_phase / 2) ++phases;
  return count_as_int(phases, "allreduce phases");
}

std::size_t inbuf_elems(RingPhases phases, const AlgOptions& resolved, std::size_t count, int size,
                        std::size_t type_size) {
  if (size < 2 || count < static_cast<std::size_t>(size)) return 0;
  const auto n = static_cast<std::size_t>(phases(resolved, count, size, type_size));
  const std::size_t early_block = EvenBlocks(count, static_cast<std::size_t>(size)).max_elements(1);
  return EvenBlocks(early_block, n).max_elements(1);
}

std::unique_ptr<Algorithm> make(std::string_view name, RingPhases phases,
                                const AlgOptions& resolved) {
  return std::make_unique<RingAllreduce>(name, phases, resolved);
}

}  // namespace papbench::allreduce_ring
