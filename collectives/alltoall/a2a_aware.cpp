// alltoall/a2a-aware: the hierarchy-aware alltoall for imbalanced arrivals ([Parsons2015] §3.7.3,
// Fig. 3.18, §3.9.3 "Hier. aware", Figs. 3.24-3.26). Its two mechanisms:
//
// - Static multiple senders and receivers. The ranks of a node copy their blocks into a node-shared
//   send buffer, grouped by destination node. Exactly one rank of node n sends n's data to node m
//   and exactly one rank of m receives it, so messages stay aggregated per node pair, but a late
//   rank delays only its own node pairs. Senders and receivers are different ranks (the thesis:
//   "to avoid cache contention"): the first half of a node sends, the second half receives; a
//   node of one rank does both. Node pair (n, m) is served by sender ((m - n - 1) mod N) mod S on
//   n and receiver ((n - m - 1) mod N) mod R on m (S, R: senders, receivers per node), so every
//   rank can compute its partners and no control messages are needed (the thesis rejects them for
//   alltoall: N(N-1) of them).
// - Opportunistic message fragmentation. A rank sets its flag once its blocks are in the send
//   buffer; a sender watches the flags and sends whatever contiguous pieces of a destination's
//   buffer are ready, by the preference rules of §3.7.3 (choose_fragment below), so the data of
//   early ranks leaves before late ranks arrive. `min-frag` keeps pieces from getting too small.
//
// Layout, per node and per call parity (two of each, so that a rank already in the next call
// never overwrites what a slower one still sends or copies out):
//   send[m] = segment l (local rank l's blocks for the ranks of node m, in local order) for every
//             local rank l: a fragment is a run of consecutive segments, one message;
//   recv[m] = segment l' of node m (its blocks for this node's ranks) for every rank l' of m.
// The tag of a fragment is its first segment; the receiver knows its one sender per source node
// and probes it (a sender is never more than one call ahead of its receiver, and a probe only
// goes to sources not yet complete in this call, so calls never mix).
//
// Where the thesis leaves the design open (its §3.7.3 gives no layout, split, mapping or minimum
// size), papbench decides; docs/ALGORITHMS.md, "Inferred: alltoall/a2a-aware".
#include "collectives/alltoall/a2a_aware.hpp"

#include <algorithm>
#include <cstring>
#include <optional>
#include <stdexcept>
#include <tuple>
#include <vector>

#include "collectives/alltoall/alltoall.hpp"
#include "collectives/core/alg_option.hpp"
#include "collectives/core/buffers.hpp"
#include "collectives/core/node_shared.hpp"
#include "common/mpi_env.hpp"
#include "topology/node_topology.hpp"

namespace papbench::alltoall_aware {
namespace {

constexpr int kTagFirstSegment = 100;  // + the fragment's first segment
constexpr int kMaxTag = 32767;         // the smallest MPI_TAG_UB MPI allows

// The roles of the ranks of a node of `size` ranks.
struct NodeRoles {
  int senders = 1, receivers = 1, first_receiver = 0;
  explicit NodeRoles(int size) {
    if (size >= 2) {
      senders = size / 2;
      receivers = size - senders;
      first_receiver = senders;
    }
  }
};

// A run of consecutive segments of one destination node's send buffer.
struct Fragment {
  int dest_index = 0;  // into the sender's destination list
  int first = 0, length = 0;
};

// What a sender does for one destination node.
struct SendDuty {
  int node = 0;
  int peer = 0;                   // the receiving rank on `node`
  std::size_t segment_bytes = 0;  // one local rank's blocks for every rank of `node`
  std::vector<char> sent;         // per segment (local rank)
  int unsent = 0;
};

// What a receiver does for one source node.
struct RecvDuty {
  int node = 0;
  int peer = 0;                    // the sending rank on `node`
  int expected = 0, received = 0;  // segments (ranks of `node`)
};

class AlltoallAware final : public Algorithm {
 public:
  AlltoallAware(std::size_t min_fragment, bool barrier)
      : min_fragment_(min_fragment), barrier_(barrier) {}

  void prepare(const Args& a) override;
  void run(const Args& a) override;
  std::vector<AlgMetric> iteration_metrics() const override {
    return {{"a2a_fragments_sent", fragments_sent_}};
  }

 private:
  std::byte* send_area(int node) const {
    return shared_.part(0).data() + parity_ * 2 * area_bytes_ +
           static_cast<std::size_t>(first_rank_index_[static_cast<std::size_t>(node)]) *
               node_size_ * block_bytes_;
  }
  std::byte* recv_area(int node) const { return send_area(node) + area_bytes_; }
  bool ready(int local) const {
    return control_.rank_word(local, 0).load(std::memory_order_acquire) >= generation_;
  }

  void copy_in(const Args& a);
  std::optional<Fragment> choose_fragment(const std::vector<char>& ready_now) const;
  bool send_ready_fragments();
  bool receive_fragments();
  bool copy_out(const Args& a);
  bool progress_sends();

  std::size_t min_fragment_;
  bool barrier_;
  std::optional<HierarchyComms> comms_;
  const topology::NodeTopology* nodes_ = nullptr;
  std::vector<std::vector<int>> node_ranks_;  // [node][local rank] -> rank
  std::vector<int> first_rank_index_;         // [node]: ranks of the nodes before it
  int node_ = 0, local_ = 0;
  std::size_t node_size_ = 0, block_bytes_ = 0, area_bytes_ = 0;
  NodeSharedSegment shared_;  // local rank 0's part: [parity][send areas | recv areas]
  NodeControl control_;       // rank word 0: ready; node word m: all of node m received
  std::vector<SendDuty> send_duties_;
  std::vector<RecvDuty> recv_duties_;
  std::vector<MPI_Request> requests_;
  std::vector<char> copied_;  // [node] (for this node: per local rank, below)
  std::vector<char> own_copied_;
  std::size_t parity_ = 0;
  std::uint64_t generation_ = 0;
  std::int64_t fragments_sent_ = 0;
};

void AlltoallAware::prepare(const Args& a) {
  comms_.emplace(a);
  nodes_ = comms_->nodes;
  const int node_count = nodes_->node_count();
  node_ = nodes_->node();
  local_ = nodes_->local_rank();
  node_size_ = static_cast<std::size_t>(nodes_->node_size());
  if (kTagFirstSegment + nodes_->node_size() > kMaxTag) {
    throw std::invalid_argument("alltoall/a2a-aware: a node has more ranks than tags for them");
  }
  node_ranks_.clear();
  first_rank_index_.assign(static_cast<std::size_t>(node_count), 0);
  int before = 0;
  for (int m = 0; m < node_count; ++m) {
    node_ranks_.push_back(nodes_->ranks_of_node(m));
    first_rank_index_[static_cast<std::size_t>(m)] = before;
    before += static_cast<int>(node_ranks_.back().size());
  }
  block_bytes_ = a.count * extent_of(a.dtype);
  area_bytes_ = node_size_ * static_cast<std::size_t>(before) * block_bytes_;
  shared_ = NodeSharedSegment(comms_->node.get(), local_ == 0 ? 2 * 2 * area_bytes_ : 0);
  control_ = NodeControl(comms_->node.get(), node_count, 1);

  auto node_size = [&](int m) { return static_cast<int>(node_ranks_[std::size_t(m)].size()); };
  auto sender_of = [&](int from, int to) {
    return ((to - from - 1 + node_count) % node_count) % NodeRoles(node_size(from)).senders;
  };
  auto receiver_of = [&](int at, int from) {
    const NodeRoles roles(node_size(at));
    return roles.first_receiver + ((from - at - 1 + node_count) % node_count) % roles.receivers;
  };
  send_duties_.clear();
  recv_duties_.clear();
  // Destinations in the order of §3.7.3's tie rule: the lowest node number above the sender's
  // first, wrapping around.
  for (int step = 1; step < node_count; ++step) {
    const int m = (node_ + step) % node_count;
    if (sender_of(node_, m) == local_) {
      const int peer = node_ranks_[std::size_t(m)][std::size_t(receiver_of(m, node_))];
      send_duties_.push_back({.node = m,
                              .peer = peer,
                              .segment_bytes = std::size_t(node_size(m)) * block_bytes_,
                              .sent = std::vector<char>(node_size_, 0),
                              .unsent = 0});
    }
    const int src = (node_ - step + node_count) % node_count;
    if (receiver_of(node_, src) == local_) {
      const int peer = node_ranks_[std::size_t(src)][std::size_t(sender_of(src, node_))];
      recv_duties_.push_back(
          {.node = src, .peer = peer, .expected = node_size(src), .received = 0});
    }
  }
  generation_ = 0;
}

void AlltoallAware::copy_in(const Args& a) {
  const std::size_t ext = extent_of(a.dtype);
  const auto* send = static_cast<const std::byte*>(a.send);
  for (std::size_t m = 0; m < node_ranks_.size(); ++m) {
    const std::vector<int>& ranks = node_ranks_[m];
    std::byte* segment = send_area(int(m)) + std::size_t(local_) * ranks.size() * block_bytes_;
    for (std::size_t l = 0; l < ranks.size(); ++l) {
      copy_bytes(segment + l * block_bytes_, send + std::size_t(ranks[l]) * a.count * ext,
                 block_bytes_);
    }
  }
  control_.rank_word(local_, 0).store(generation_, std::memory_order_release);
}

// [Parsons2015] §3.7.3's preferences, in this order: (1) "maximum length blocks", a run that
// fills a whole gap between sent segments (or the buffer edges), the entire buffer before a
// piece of one, larger first; then (2) the largest other ready run, one touching a sent segment
// or an edge first (it leaves fewer gaps); ties go to the destination node nearest above the
// sender's (send_duties_ order). A run that is not a whole gap must have min_fragment bytes.
std::optional<Fragment> AlltoallAware::choose_fragment(const std::vector<char>& ready_now) const {
  std::optional<Fragment> best;
  std::tuple<int, int, std::size_t, int> best_key{};  // smaller is better; bytes negated below
  const int segments = static_cast<int>(node_size_);
  for (std::size_t d = 0; d < send_duties_.size(); ++d) {
    const SendDuty& duty = send_duties_[d];
    if (duty.unsent == 0) continue;
    for (int gap = 0; gap < segments;) {
      if (duty.sent[std::size_t(gap)] != 0) {
        ++gap;
        continue;
      }
      int gap_end = gap;
      while (gap_end < segments && duty.sent[std::size_t(gap_end)] == 0) ++gap_end;
      for (int run = gap; run < gap_end;) {
        if (ready_now[std::size_t(run)] == 0) {
          ++run;
          continue;
        }
        int run_end = run;
        while (run_end < gap_end && ready_now[std::size_t(run_end)] != 0) ++run_end;
        const int length = run_end - run;
        const std::size_t bytes = std::size_t(length) * duty.segment_bytes;
        const bool whole_gap = run == gap && run_end == gap_end;
        const bool entire = whole_gap && length == segments;
        const bool touches_edge = run == gap || run_end == gap_end;
        if (whole_gap || bytes >= min_fragment_) {
          const std::tuple<int, int, std::size_t, int> key{whole_gap ? 0 : 1, entire ? 0 : 1,
                                                           ~bytes, touches_edge ? 0 : 1};
          if (!best || key < best_key) {
            best = Fragment{.dest_index = int(d), .first = run, .length = length};
            best_key = key;
          }
        }
        run = run_end;
      }
      gap = gap_end;
    }
  }
  return best;
}

bool AlltoallAware::send_ready_fragments() {
  if (send_duties_.empty()) return false;
  std::vector<char> ready_now(node_size_);
  for (std::size_t l = 0; l < node_size_; ++l) ready_now[l] = ready(int(l)) ? 1 : 0;
  bool sent_any = false;
  while (const auto f = choose_fragment(ready_now)) {
    SendDuty& duty = send_duties_[std::size_t(f->dest_index)];
    const std::byte* data = send_area(duty.node) + std::size_t(f->first) * duty.segment_bytes;
    const int bytes = count_as_int(std::size_t(f->length) * duty.segment_bytes,
                                   "alltoall/a2a-aware fragment bytes");
    requests_.emplace_back(MPI_REQUEST_NULL);
    mpi_check(MPI_Isend(data, bytes, MPI_BYTE, duty.peer, kTagFirstSegment + f->first,
                        comms_->all.get(), &requests_.back()),
              "MPI_Isend");
    std::fill_n(duty.sent.begin() + f->first, f->length, 1);
    duty.unsent -= f->length;
    ++fragments_sent_;
    sent_any = true;
  }
  return sent_any;
}

bool AlltoallAware::receive_fragments() {
  bool got_any = false;
  const std::size_t segment_bytes = node_size_ * block_bytes_;
  for (RecvDuty& duty : recv_duties_) {
    while (duty.received < duty.expected) {
      int arrived = 0;
      MPI_Status status;
      mpi_check(MPI_Iprobe(duty.peer, MPI_ANY_TAG, comms_->all.get(), &arrived, &status),
                "MPI_Iprobe");
      if (arrived == 0) break;
      int bytes = 0;
      mpi_check(MPI_Get_count(&status, MPI_BYTE, &bytes), "MPI_Get_count");
      const int first = status.MPI_TAG - kTagFirstSegment;
      mpi_check(MPI_Recv(recv_area(duty.node) + std::size_t(first) * segment_bytes, bytes, MPI_BYTE,
                         duty.peer, status.MPI_TAG, comms_->all.get(), MPI_STATUS_IGNORE),
                "MPI_Recv");
      duty.received += static_cast<int>(std::size_t(bytes) / segment_bytes);
      got_any = true;
      if (duty.received == duty.expected) {
        control_.node_word(duty.node).store(generation_, std::memory_order_release);
      }
    }
  }
  return got_any;
}

// This rank's column: block l of every rank's segment, as soon as its source node is complete
// (for this node: as soon as that rank has copied in).
bool AlltoallAware::copy_out(const Args& a) {
  bool copied_any = false;
  const std::size_t ext = extent_of(a.dtype);
  auto* recv = static_cast<std::byte*>(a.recv);
  auto into = [&](int rank) { return recv + std::size_t(rank) * a.count * ext; };
  const std::vector<int>& own = node_ranks_[std::size_t(node_)];
  for (std::size_t l = 0; l < own.size(); ++l) {
    if (own_copied_[l] != 0 || !ready(int(l))) continue;
    copy_bytes(into(own[l]),
               send_area(node_) + (l * node_size_ + std::size_t(local_)) * block_bytes_,
               block_bytes_);
    own_copied_[l] = 1;
    copied_any = true;
  }
  for (std::size_t m = 0; m < node_ranks_.size(); ++m) {
    if (copied_[m] != 0 || int(m) == node_) continue;
    if (control_.node_word(int(m)).load(std::memory_order_acquire) < generation_) continue;
    const std::vector<int>& ranks = node_ranks_[m];
    for (std::size_t l = 0; l < ranks.size(); ++l) {
      copy_bytes(into(ranks[l]),
                 recv_area(int(m)) + (l * node_size_ + std::size_t(local_)) * block_bytes_,
                 block_bytes_);
    }
    copied_[m] = 1;
    copied_any = true;
  }
  return copied_any;
}

// Open sends need the sender's progress (rendezvous protocols); true when all are done.
bool AlltoallAware::progress_sends() {
  if (requests_.empty()) return true;
  int done = 0;
  mpi_check(
      MPI_Testall(static_cast<int>(requests_.size()), requests_.data(), &done, MPI_STATUSES_IGNORE),
      "MPI_Testall");
  if (done != 0) requests_.clear();
  return done != 0;
}

void AlltoallAware::run(const Args& a) {
  if (a.count == 0) return;
  generation_ = control_.begin_call();
  parity_ = generation_ % 2;
  fragments_sent_ = 0;
  for (SendDuty& duty : send_duties_) {
    std::fill(duty.sent.begin(), duty.sent.end(), 0);
    duty.unsent = static_cast<int>(node_size_);
  }
  for (RecvDuty& duty : recv_duties_) duty.received = 0;
  copied_.assign(node_ranks_.size(), 0);
  own_copied_.assign(node_size_, 0);

  copy_in(a);
  if (barrier_) mpi_check(MPI_Barrier(comms_->node.get()), "MPI_Barrier");
  auto all_copied = [&] {
    return std::ranges::all_of(own_copied_, [](char c) { return c != 0; }) &&
           std::ranges::count(copied_, 0) == 1;  // this node's own entry stays 0
  };
  auto all_sent = [&] {
    return std::ranges::all_of(send_duties_, [](const SendDuty& d) { return d.unsent == 0; });
  };
  auto all_received = [&] {
    return std::ranges::all_of(recv_duties_,
                               [](const RecvDuty& d) { return d.received == d.expected; });
  };
  SpinBackoff backoff;
  for (;;) {
    const bool sent = send_ready_fragments();
    const bool received = receive_fragments();
    const bool copied = copy_out(a);
    const bool sends_done = progress_sends();
    if (sends_done && all_sent() && all_received() && all_copied()) break;
    if (sent || received || copied) {
      backoff = SpinBackoff();
    } else {
      backoff.pause();
    }
  }
}

}  // namespace

std::unique_ptr<Algorithm> make(std::size_t min_fragment, bool barrier) {
  return std::make_unique<AlltoallAware>(min_fragment, barrier);
}

}  // namespace papbench::alltoall_aware

namespace papbench {

std::unique_ptr<Algorithm> make_alltoall_aware(const AlgOptions& options) {
  return alltoall_aware::make(static_cast<std::size_t>(option_integer(options, "min-frag")), false);
}

}  // namespace papbench
