// bcast/split_binary: Open MPI 3.1's "split_binary_tree" ([OpenMPI] bcast_intra_split_bintree,
// algorithm 4; [Nuriyev2022] §3, §4.6) on the binary tree of bcast/binary. The message is cut in
// halves (the first ceil(count/2) elements, the rest); the root sends the segments of the first
// half down its first subtree (odd shifted ranks) and of the second half down its second (even),
// interleaved, with blocking sends; intermediate ranks keep the next receive posted and forward
// with blocking sends, leaves receive with blocking receives. Then shifted ranks s and s+1 (s
// odd) swap their halves whole (receive posted, blocking send, wait); with P even the last shifted
// rank gets the second half from the root. When a half is empty or shorter than a segment, Open
// MPI runs the pipeline (bcast/chain) instead, and so does this.
//
// Cost (Eq. 13): sum over ceil(log2 P) + m/(2 m_s) - 1 stages of the slowest NBFT, plus the
// exchange of m/2.
#include <array>
#include <vector>

#include "collectives/bcast/bcast.hpp"
#include "collectives/bcast/segmentation.hpp"
#include "collectives/bcast/segmented_tree.hpp"
#include "collectives/core/alg_option.hpp"

namespace papbench {
namespace {

using bcast::kBcastTag;

class BcastSplitBinary final : public Algorithm {
 public:
  explicit BcastSplitBinary(std::size_t segsize) : segsize_(segsize) {}

  void prepare(const Args& a) override {
    comm_ = Comm::dup(a.comm);
    rank_ = comm_.rank();
    size_ = comm_.size();
    build(a.root);
  }

  void run(const Args& a) override {
    if (size_ == 1 || a.count == 0) return;  // as Open MPI's MPI_Bcast
    if (a.root != root_) build(a.root);
    const int count = count_as_int(a.count, "bcast count");
    int type_size = 0;
    mpi_check(MPI_Type_size(a.dtype, &type_size), "MPI_Type_size");
    const bcast::SplitPlan plan = bcast::split_binary_plan(
        static_cast<std::size_t>(count), static_cast<std::size_t>(type_size), segsize_);
    if (plan.fallback) {
      const auto segcount = static_cast<int>(bcast::segment_elements(
          plan.segsize, static_cast<std::size_t>(type_size), static_cast<std::size_t>(count)));
      bcast::segmented_tree_bcast(a.recv, count, a.dtype, segcount, chain_, rank_ == a.root,
                                  comm_.get(), sends_);
      return;
    }
    MPI_Aint lb = 0, extent = 0;
    mpi_check(MPI_Type_get_extent(a.dtype, &lb, &extent), "MPI_Type_get_extent");
    auto* base = static_cast<std::byte*>(a.recv);
    const std::array<std::byte*, 2> half = {
        base, base + static_cast<std::ptrdiff_t>(plan.counts[0]) * extent};
    if (rank_ == a.root) {
      send_halves(a, plan, half, extent);
    } else if (!node_.children.empty()) {
      forward_half(a, plan, half[static_cast<std::size_t>(lr_)], extent);
    } else {
      receive_half(a, plan, half[static_cast<std::size_t>(lr_)], extent);
    }
    exchange(a, plan, half);
  }

 private:
  void build(int root) {
    node_ = bcast::tree_node(bcast::TreeShape::kKary, size_, root, 2, rank_);
    chain_ = bcast::tree_node(bcast::TreeShape::kChain, size_, root, 1, rank_);
    lr_ = bcast::split_binary_half(size_, root, rank_);
    root_ = root;
  }

  static int as_int(std::size_t n) { return static_cast<int>(n); }

  void send(const std::byte* at, std::size_t n, MPI_Datatype dt, int to) const {
    mpi_check(MPI_Send(at, as_int(n), dt, to, kBcastTag, comm_.get()), "MPI_Send");
  }

  // Elements of segment `seg` of half `h`.
  static std::size_t length(const bcast::SplitPlan& p, int h, std::size_t seg) {
    const auto i = static_cast<std::size_t>(h);
    return seg + 1 == p.segments[i] ? p.counts[i] - seg * p.segcount[i] : p.segcount[i];
  }

  // Segment i of the first half to the first child, then of the second half to the second.
  void send_halves(const Args& a, const bcast::SplitPlan& p, std::array<std::byte*, 2> at,
                   MPI_Aint extent) const {
    const std::size_t children = std::min<std::size_t>(node_.children.size(), 2);
    for (std::size_t seg = 0; seg < p.segments[0]; ++seg) {
      for (std::size_t i = 0; i < children; ++i) {
        if (seg >= p.segments[i]) continue;
        send(at[i], length(p, static_cast<int>(i), seg), a.dtype, node_.children[i]);
        at[i] += static_cast<std::ptrdiff_t>(p.segcount[i]) * extent;
      }
    }
  }

  void forward_half(const Args& a, const bcast::SplitPlan& p, std::byte* at,
                    MPI_Aint extent) const {
    const auto h = static_cast<std::size_t>(lr_);
    const auto stride = static_cast<std::ptrdiff_t>(p.segcount[h]) * extent;
    MPI_Request pending = MPI_REQUEST_NULL, next = MPI_REQUEST_NULL;
    mpi_check(MPI_Irecv(at, as_int(length(p, lr_, 0)), a.dtype, node_.parent, kBcastTag,
                        comm_.get(), &pending),
              "MPI_Irecv");
    for (std::size_t seg = 1; seg < p.segments[h]; ++seg, at += stride) {
      mpi_check(MPI_Irecv(at + stride, as_int(length(p, lr_, seg)), a.dtype, node_.parent,
                          kBcastTag, comm_.get(), &next),
                "MPI_Irecv");
      mpi_check(MPI_Wait(&pending, MPI_STATUS_IGNORE), "MPI_Wait");
      for (const int child : node_.children) send(at, p.segcount[h], a.dtype, child);
      pending = next;
    }
    mpi_check(MPI_Wait(&pending, MPI_STATUS_IGNORE), "MPI_Wait");
    const std::size_t last = length(p, lr_, p.segments[h] - 1);
    for (const int child : node_.children) send(at, last, a.dtype, child);
  }

  void receive_half(const Args& a, const bcast::SplitPlan& p, std::byte* at,
                    MPI_Aint extent) const {
    const auto h = static_cast<std::size_t>(lr_);
    for (std::size_t seg = 0; seg < p.segments[h]; ++seg) {
      mpi_check(MPI_Recv(at, as_int(length(p, lr_, seg)), a.dtype, node_.parent, kBcastTag,
                         comm_.get(), MPI_STATUS_IGNORE),
                "MPI_Recv");
      at += static_cast<std::ptrdiff_t>(p.segcount[h]) * extent;
    }
  }

  // The halves change hands whole, not in segments.
  void exchange(const Args& a, const bcast::SplitPlan& p, std::array<std::byte*, 2> half) const {
    const int last = (a.root + size_ - 1) % size_;
    if (size_ % 2 == 0 && rank_ == a.root) {
      send(half[1], p.counts[1], a.dtype, last);
      return;
    }
    if (rank_ == a.root) return;  // P odd: every non-root has a partner
    if (size_ % 2 == 0 && rank_ == last) {
      mpi_check(MPI_Recv(half[1], as_int(p.counts[1]), a.dtype, a.root, kBcastTag, comm_.get(),
                         MPI_STATUS_IGNORE),
                "MPI_Recv");
      return;
    }
    const int pair = bcast::split_binary_pair(size_, a.root, rank_);
    const auto mine = static_cast<std::size_t>(lr_), theirs = 1 - mine;
    MPI_Request req = MPI_REQUEST_NULL;
    mpi_check(MPI_Irecv(half[theirs], as_int(p.counts[theirs]), a.dtype, pair, kBcastTag,
                        comm_.get(), &req),
              "MPI_Irecv");
    send(half[mine], p.counts[mine], a.dtype, pair);
    mpi_check(MPI_Wait(&req, MPI_STATUS_IGNORE), "MPI_Wait");
  }

  std::size_t segsize_;
  Comm comm_;
  int rank_ = 0, size_ = 1, root_ = -1, lr_ = 1;
  bcast::TreeNode node_, chain_;
  std::vector<MPI_Request> sends_;
};

}  // namespace

std::unique_ptr<Algorithm> make_bcast_split_binary(const AlgOptions& options) {
  return std::make_unique<BcastSplitBinary>(
      static_cast<std::size_t>(option_integer(options, "segsize")));
}

}  // namespace papbench
