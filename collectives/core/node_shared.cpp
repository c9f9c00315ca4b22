#include "collectives/core/node_shared.hpp"

#include <fcntl.h>
#include <sched.h>
#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <string>
#include <system_error>
#include <utility>
#include <vector>

#include "common/smpi_platform.hpp"
#include "topology/node_topology.hpp"

namespace papbench {

static_assert(std::atomic_ref<std::uint64_t>::is_always_lock_free,
              "node control words need lock-free 64-bit atomics: a lock inside the type would "
              "live in one process only");
static_assert(alignof(std::uint64_t) >= std::atomic_ref<std::uint64_t>::required_alignment);

NodeSharedSegment::NodeSharedSegment(MPI_Comm node_comm, std::size_t bytes) {
  local_rank_ = comm_rank(node_comm);
  const int size = comm_size(node_comm);
  // MPI aligns a window only as malloc would (Open MPI's osc/sm: 8 bytes), so every part gets
  // one line more than it needs and starts at its first line boundary: a control word then
  // never shares a line with another rank's part.
  const std::size_t alloc = round_to_line(bytes) + kCacheLine;
  if constexpr (smpi::kSimulated) {
    allocate_simulated(node_comm, alloc);
  } else {
    void* base = nullptr;
    mpi_check(MPI_Win_allocate_shared(static_cast<MPI_Aint>(alloc), 1, MPI_INFO_NULL, node_comm,
                                      &base, &win_),
              "MPI_Win_allocate_shared");
    parts_.resize(static_cast<std::size_t>(size));
    for (int r = 0; r < size; ++r) {
      MPI_Aint part_bytes = 0;
      int disp = 0;
      void* part = nullptr;
      mpi_check(MPI_Win_shared_query(win_, r, &part_bytes, &disp, &part), "MPI_Win_shared_query");
      set_part(r, part, static_cast<std::size_t>(part_bytes));
    }
  }
  parts_[static_cast<std::size_t>(local_rank_)] =
      parts_[static_cast<std::size_t>(local_rank_)].first(bytes);
}

void NodeSharedSegment::set_part(int r, void* part, std::size_t part_bytes) {
  const auto address = reinterpret_cast<std::uintptr_t>(part);
  const std::size_t skip = (kCacheLine - address % kCacheLine) % kCacheLine;
  const std::size_t usable = part_bytes - skip;  // >= round_to_line(its bytes)
  parts_[static_cast<std::size_t>(r)] = {static_cast<std::byte*>(part) + skip,
                                         usable / kCacheLine * kCacheLine};
}

// SimGrid 3.32's MPI_Win_allocate_shared (src/smpi/bindings/smpi_pmpi_win.cpp) allocates node
// rank 0's size times the rank count and hands rank r the block's start + r x r's own size: with
// sizes that differ between ranks (UHA's and the dynamic leaders' segments) the parts overlap or
// run past the block, a heap corruption ("free(): invalid pointer" at exit). Its
// MPI_Win_shared_query answers the block's start for every rank, so every rank read and wrote
// rank 0's part (UHA's reduce-scatter summed one input ns times). Here every rank asks for the
// largest size, which makes SMPI's parts disjoint, and the ranks exchange the addresses that
// MPI_Win_allocate_shared returned: simulated ranks share one address space.
void NodeSharedSegment::allocate_simulated(MPI_Comm node_comm, std::size_t alloc) {
  const int size = comm_size(node_comm);
  std::uint64_t largest = alloc;
  mpi_check(MPI_Allreduce(MPI_IN_PLACE, &largest, 1, MPI_UINT64_T, MPI_MAX, node_comm),
            "MPI_Allreduce");
  void* base = nullptr;
  mpi_check(MPI_Win_allocate_shared(static_cast<MPI_Aint>(largest), 1, MPI_INFO_NULL, node_comm,
                                    &base, &win_),
            "MPI_Win_allocate_shared");
  const std::uint64_t mine[2] = {reinterpret_cast<std::uintptr_t>(base), alloc};
  std::vector<std::uint64_t> all(2 * static_cast<std::size_t>(size));
  mpi_check(MPI_Allgather(mine, 2, MPI_UINT64_T, all.data(), 2, MPI_UINT64_T, node_comm),
            "MPI_Allgather");
  parts_.resize(static_cast<std::size_t>(size));
  for (int r = 0; r < size; ++r) {
    const auto i = 2 * static_cast<std::size_t>(r);
    set_part(r, reinterpret_cast<void*>(static_cast<std::uintptr_t>(all[i])),
             static_cast<std::size_t>(all[i + 1]));
  }
}

NodeSharedSegment::NodeSharedSegment(NodeSharedSegment&& o) noexcept
    : win_(std::exchange(o.win_, MPI_WIN_NULL)),
      local_rank_(o.local_rank_),
      parts_(std::move(o.parts_)) {}

NodeSharedSegment& NodeSharedSegment::operator=(NodeSharedSegment&& o) noexcept {
  if (this != &o) {
    reset();
    win_ = std::exchange(o.win_, MPI_WIN_NULL);
    local_rank_ = o.local_rank_;
    parts_ = std::move(o.parts_);
  }
  return *this;
}

void NodeSharedSegment::reset() noexcept {
  if (win_ != MPI_WIN_NULL) MPI_Win_free(&win_);  // collective; a destructor cannot throw
  parts_.clear();
}

namespace {

[[noreturn]] void throw_errno(const std::string& what) {
  throw std::system_error(errno, std::generic_category(), what);
}

std::span<std::byte> map_file(int fd, std::size_t offset, std::size_t bytes, int flags) {
  void* p = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, flags, fd, static_cast<off_t>(offset));
  if (p == MAP_FAILED) throw_errno("mmap of the node-shared file");
  return {static_cast<std::byte*>(p), bytes};
}

}  // namespace

Mapping& Mapping::operator=(Mapping&& o) noexcept {
  if (this != &o) {
    reset();
    range_ = std::exchange(o.range_, {});
  }
  return *this;
}

void Mapping::reset() noexcept {
  if (!range_.empty()) munmap(range_.data(), range_.size());
  range_ = {};
}

std::size_t NodeSharedFile::page_size() {
  static const auto page = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
  return page;
}

NodeSharedFile::NodeSharedFile(MPI_Comm node_comm, std::size_t bytes) {
  const std::size_t page = page_size();
  const std::size_t size = std::max<std::size_t>((bytes + page - 1) / page, 1) * page;
  // Local rank 0's pid and descriptor, or {-1, errno} when it could not make the file: the
  // others must not wait for a file that never comes.
  long where[2] = {static_cast<long>(getpid()), -1};
  if (comm_rank(node_comm) == 0) {
    fd_ = memfd_create("papbench-node-shared", MFD_CLOEXEC);
    if (fd_ >= 0 && ftruncate(fd_, static_cast<off_t>(size)) != 0) {
      const int e = errno;
      close(fd_);
      fd_ = -1;
      errno = e;
    }
    where[1] = fd_ >= 0 ? fd_ : -static_cast<long>(errno);
  }
  mpi_check(MPI_Bcast(where, 2, MPI_LONG, 0, node_comm), "MPI_Bcast");
  if (where[1] < 0) {
    errno = static_cast<int>(-where[1]);
    throw_errno("memfd_create/ftruncate of the node-shared file on local rank 0");
  }
  if (fd_ < 0) {
    const std::string path =
        "/proc/" + std::to_string(where[0]) + "/fd/" + std::to_string(where[1]);
    fd_ = open(path.c_str(), O_RDWR | O_CLOEXEC);
    if (fd_ < 0) throw_errno("open " + path);
  }
  shared_ = Mapping(map_file(fd_, 0, size, MAP_SHARED));
  // Rank 0 keeps its descriptor open until every rank has its own.
  mpi_check(MPI_Barrier(node_comm), "MPI_Barrier");
}

NodeSharedFile::NodeSharedFile(NodeSharedFile&& o) noexcept
    : fd_(std::exchange(o.fd_, -1)), shared_(std::move(o.shared_)) {}

NodeSharedFile& NodeSharedFile::operator=(NodeSharedFile&& o) noexcept {
  if (this != &o) {
    reset();
    fd_ = std::exchange(o.fd_, -1);
    shared_ = std::move(o.shared_);
  }
  return *this;
}

void NodeSharedFile::reset() noexcept {
  shared_ = Mapping();
  if (fd_ >= 0) close(fd_);
  fd_ = -1;
}

Mapping NodeSharedFile::map_private(std::size_t offset, std::size_t bytes) const {
  return Mapping(map_file(fd_, offset, bytes, MAP_PRIVATE));
}

NodeControl::NodeControl(MPI_Comm node_comm, int node_words, int rank_words)
    : node_words_(node_words), rank_words_(rank_words) {
  if (node_words < 0 || rank_words < 0) throw std::invalid_argument("NodeControl: negative words");
  const int local = comm_rank(node_comm);
  const int own_lines = rank_words + (local == 0 ? node_words : 0);
  segment_ = NodeSharedSegment(node_comm, static_cast<std::size_t>(own_lines) * kCacheLine);
  std::memset(segment_.mine().data(), 0, segment_.mine().size());
  // Nobody may read a word before its owner has cleared it.
  mpi_check(MPI_Barrier(node_comm), "MPI_Barrier");
}

std::uint64_t* NodeControl::line(int local_rank, int index) const {
  return reinterpret_cast<std::uint64_t*>(segment_.part(local_rank).data() +
                                          static_cast<std::size_t>(index) * kCacheLine);
}

std::atomic_ref<std::uint64_t> NodeControl::node_word(int i) const {
  if (i < 0 || i >= node_words_) throw std::out_of_range("NodeControl::node_word");
  return std::atomic_ref<std::uint64_t>(*line(0, rank_words_ + i));
}

std::atomic_ref<std::uint64_t> NodeControl::rank_word(int local_rank, int i) const {
  if (i < 0 || i >= rank_words_ || local_rank < 0 || local_rank >= node_size()) {
    throw std::out_of_range("NodeControl::rank_word");
  }
  return std::atomic_ref<std::uint64_t>(*line(local_rank, i));
}

void SpinBackoff::pause() {
  // Under SMPI the ranks are actors of one host thread: a rank that spins (sched_yield included)
  // never hands the thread to the rank it waits for. A simulated sleep does, and each look at
  // the word then costs smpi::kPollNs of simulated time.
  if constexpr (smpi::kSimulated) {
    smpi::sleep_ns(smpi::kPollNs);
    return;
  }
  constexpr int kSpinsBeforeYield = 256;
  if (spins_ < kSpinsBeforeYield) {
    ++spins_;
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#endif
    return;
  }
  sched_yield();
}

void NodeSpinLock::lock() {
  SpinBackoff backoff;
  while (!try_lock()) {
    while (word_.load(std::memory_order_relaxed) != 0) backoff.pause();
  }
}

bool NodeSpinLock::try_lock() {
  std::uint64_t expected = 0;
  return word_.compare_exchange_strong(expected, 1, std::memory_order_acquire,
                                       std::memory_order_relaxed);
}

HierarchyComms::HierarchyComms(const Args& args) : nodes(args.nodes) {
  if (nodes == nullptr) {
    throw std::logic_error("a hierarchical algorithm needs the node topology (Args::nodes)");
  }
  all = Comm::dup(args.comm);
  node = Comm::dup(nodes->node_comm());
  if (nodes->leader_comm(0) != MPI_COMM_NULL) leaders = Comm::dup(nodes->leader_comm(0));
}

}  // namespace papbench
