#pragma once
// Memory shared by the ranks of one (real or virtual) node, for the hierarchical and
// imbalance-aware algorithms of [Parsons2015] ch. 2 and 3: data segments, control words with
// a per-call generation number, spin waits and locks, and private communicators. Everything is
// RAII and is made in an algorithm's prepare(), outside the timed region, and freed with it.
//
// Synchronisation between the ranks of a node goes through C++ atomics on the shared words
// (std::atomic_ref, lock-free and address-free for 64-bit words on the platforms MPI shared
// memory exists on), not through MPI calls: the thesis' point is that an intra-node phase costs
// loads and stores, not messages ([Parsons2015] §2.1, §3.7.1).

#include <mpi.h>

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include "collectives/core/algorithm.hpp"
#include "common/mpi_env.hpp"

namespace papbench {

namespace topology {
class NodeTopology;
}

inline constexpr std::size_t kCacheLine = 64;
// `bytes` rounded up to whole cache lines: a region that starts on a line then ends on one.
constexpr std::size_t round_to_line(std::size_t bytes) {
  return (bytes + kCacheLine - 1) / kCacheLine * kCacheLine;
}

// One MPI_Win_allocate_shared window over a node communicator, every rank's part starting on a
// cache line. The ranks of the communicator must share memory: a real node, or a virtual node
// (--virtual-ppn) carved out of one.
class NodeSharedSegment {
 public:
  NodeSharedSegment() = default;
  // Collective over node_comm. Ranks may ask for different sizes, 0 included. The memory is
  // not initialised.
  NodeSharedSegment(MPI_Comm node_comm, std::size_t bytes);
  ~NodeSharedSegment() { reset(); }
  NodeSharedSegment(NodeSharedSegment&& o) noexcept;
  NodeSharedSegment& operator=(NodeSharedSegment&& o) noexcept;
  NodeSharedSegment(const NodeSharedSegment&) = delete;
  NodeSharedSegment& operator=(const NodeSharedSegment&) = delete;

  int local_rank() const { return local_rank_; }
  int node_size() const { return static_cast<int>(parts_.size()); }
  // Any node member's part, readable and writable by every member.
  std::span<std::byte> part(int local_rank) const {
    return parts_[static_cast<std::size_t>(local_rank)];
  }
  std::span<std::byte> mine() const { return part(local_rank_); }
  MPI_Win win() const { return win_; }

 private:
  // Part r: the aligned lines of [part, part + part_bytes).
  void set_part(int r, void* part, std::size_t part_bytes);
  // Under SMPI: the window and the parts, around SimGrid 3.32's shared windows (node_shared.cpp).
  void allocate_simulated(MPI_Comm node_comm, std::size_t alloc);
  void reset() noexcept;

  MPI_Win win_ = MPI_WIN_NULL;
  int local_rank_ = 0;
  std::vector<std::span<std::byte>> parts_;
};

// One mmap'd range, unmapped with its owner.
class Mapping {
 public:
  Mapping() = default;
  explicit Mapping(std::span<std::byte> range) : range_(range) {}
  ~Mapping() { reset(); }
  Mapping(Mapping&& o) noexcept : range_(std::exchange(o.range_, {})) {}
  Mapping& operator=(Mapping&& o) noexcept;
  Mapping(const Mapping&) = delete;
  Mapping& operator=(const Mapping&) = delete;
  std::span<std::byte> bytes() const { return range_; }

 private:
  void reset() noexcept;
  std::span<std::byte> range_;
};

// A node-shared segment backed by an anonymous memory file (memfd_create) rather than an MPI
// window, for what needs a file descriptor: private copy-on-write mappings of the shared pages
// ([Parsons2015] §2.3.3 "Copy-on-Write", uha copyout=cow). MPI_Win_allocate_shared hands out
// no descriptor, so local rank 0 creates the file and the others open it through
// /proc/<pid>/fd/<fd>; every rank maps it MAP_SHARED. The size is rounded up to whole pages
// (at least one), so page-aligned offsets of it can be mapped privately.
class NodeSharedFile {
 public:
  NodeSharedFile() = default;
  // Collective over node_comm; every rank passes the same size. The memory starts zeroed.
  NodeSharedFile(MPI_Comm node_comm, std::size_t bytes);
  ~NodeSharedFile() { reset(); }
  NodeSharedFile(NodeSharedFile&& o) noexcept;
  NodeSharedFile& operator=(NodeSharedFile&& o) noexcept;
  NodeSharedFile(const NodeSharedFile&) = delete;
  NodeSharedFile& operator=(const NodeSharedFile&) = delete;

  std::span<std::byte> shared() const { return shared_.bytes(); }
  // A MAP_PRIVATE view of [offset, offset + bytes) (offset a multiple of page_size(), bytes > 0):
  // reads see the file until the view's own first write to a page, which copies that page for
  // this process alone. Linux: a page not yet written also shows later writes to the file.
  Mapping map_private(std::size_t offset, std::size_t bytes) const;
  static std::size_t page_size();

 private:
  void reset() noexcept;
  int fd_ = -1;
  Mapping shared_;
};

// Control words in node-shared memory: `node_words` words of the node and `rank_words` words
// owned by each rank, each word on its own cache line so that a spinning reader does not share
// its line with another word's writer. All words start at 0.
//
// Generation numbers: every rank counts its own calls (begin_call). All ranks of a node make
// the same collective calls in the same order, so the counts agree without communication. A
// flag means "done in this call" when it holds this call's number; a flag left over from an
// earlier call never satisfies a later wait, so consecutive calls never mix and nothing has to
// be reset between them.
class NodeControl {
 public:
  NodeControl() = default;
  // Collective over node_comm.
  NodeControl(MPI_Comm node_comm, int node_words, int rank_words = 0);

  std::atomic_ref<std::uint64_t> node_word(int i) const;
  std::atomic_ref<std::uint64_t> rank_word(int local_rank, int i) const;

  std::uint64_t begin_call() { return ++generation_; }  // 1 in the first call
  std::uint64_t generation() const { return generation_; }
  int local_rank() const { return segment_.local_rank(); }
  int node_size() const { return segment_.node_size(); }

 private:
  std::uint64_t* line(int local_rank, int index) const;

  NodeSharedSegment segment_;
  int node_words_ = 0;
  int rank_words_ = 0;
  std::uint64_t generation_ = 0;
};

// Spins a few hundred times, then yields the core between checks: with more ranks than cores
// (oversubscribed runs, virtual nodes on one host) the rank being waited for may need this very
// core, and pure spinning would stall it for a whole time slice.
class SpinBackoff {
 public:
  void pause();

 private:
  int spins_ = 0;
};

// What a wait does between two looks at its word: nothing, for the ranks that only wait on
// other ranks of their node.
struct NoProgress {
  void operator()() const noexcept {}
};

// Enters MPI's progress engine once, matching nothing: MPI_Iprobe on a private communicator
// that carries no point-to-point messages. For a rank that is the target of passive-target
// one-sided operations while it waits in node-shared memory (dynleader-os): MPICH 4.0 (ch4:ucx)
// completes an accumulate or a get at a target only while that target is inside MPI, so a target
// that only spins would stall its senders for good (docs/ALGORITHMS.md, Decision: one-sided
// dynamic leaders, Progress).
class MpiProgress {
 public:
  explicit MpiProgress(MPI_Comm comm) : comm_(comm) {}
  void operator()() const {
    int unused = 0;
    mpi_check(MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, comm_, &unused, MPI_STATUS_IGNORE),
              "MPI_Iprobe");
  }

 private:
  MPI_Comm comm_;
};

// Waits until done(value) holds for the word's value (acquire); returns that value. Calls
// progress() after every backoff round.
template <class Done, class Progress = NoProgress>
std::uint64_t spin_until(std::atomic_ref<std::uint64_t> word, Done done, Progress progress = {}) {
  SpinBackoff backoff;
  for (;;) {
    const std::uint64_t v = word.load(std::memory_order_acquire);
    if (done(v)) return v;
    backoff.pause();
    progress();
  }
}

// The waits of the shared buffers. With a `progress` communicator (not MPI_COMM_NULL) they drive
// MPI progress on it while they spin (MpiProgress); without, they only spin.
template <class Done>
std::uint64_t spin_until(std::atomic_ref<std::uint64_t> word, Done done, MPI_Comm progress) {
  if (progress == MPI_COMM_NULL) return spin_until(word, done, NoProgress{});
  return spin_until(word, done, MpiProgress(progress));
}
inline std::uint64_t wait_for_value(std::atomic_ref<std::uint64_t> word, std::uint64_t value,
                                    MPI_Comm progress = MPI_COMM_NULL) {
  return spin_until(
      word, [value](std::uint64_t v) { return v == value; }, progress);
}
inline std::uint64_t wait_at_least(std::atomic_ref<std::uint64_t> word, std::uint64_t value,
                                   MPI_Comm progress = MPI_COMM_NULL) {
  return spin_until(
      word, [value](std::uint64_t v) { return v >= value; }, progress);
}

// A test-and-test-and-set lock on one control word (0 free, 1 held), for the shared buffers the
// ranks of a node reduce into ([Parsons2015] §3.7.1). Meets BasicLockable, so std::lock_guard
// works.
class NodeSpinLock {
 public:
  explicit NodeSpinLock(std::atomic_ref<std::uint64_t> word) : word_(word) {}
  void lock();
  bool try_lock();
  void unlock() { word_.store(0, std::memory_order_release); }

 private:
  std::atomic_ref<std::uint64_t> word_;
};

// Private duplicates of the case's communicators for one hierarchical algorithm, made in
// prepare(): its MPI_ANY_SOURCE receives and tags can then never match the harness's messages,
// the PAT thread's, or another algorithm's. Ranks are those of Args::comm (NodeTopology is built
// on it).
struct HierarchyComms {
  // Collective over Args::comm. std::logic_error when the harness gave no topology.
  explicit HierarchyComms(const Args& args);

  const topology::NodeTopology* nodes = nullptr;
  Comm all;      // Args::comm
  Comm node;     // this rank's node
  Comm leaders;  // local rank 0 of every node, by node; null on the other ranks
};

}  // namespace papbench
