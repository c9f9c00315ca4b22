// papbench's own nonblocking collectives: Open MPI's libnbc schedules ([OpenMPI] v4.1.4
// ompi/mca/coll/libnbc), rebuilt as rounds of schedule.hpp and run by its one engine, so that
// the harness's MPI_Test calls are what moves them on (libnbc's progress model). Each builder
// writes one rank's rounds for one call; libnbc's NBC_Sched_barrier is Schedule::end_round.
//
// The schedule is built in prepare() and again only when a call comes with another root
// (libnbc builds one per call, or reuses a cached one when NBC_CACHE_SCHEDULE is set).
#include <memory>
#include <string_view>
#include <utility>

#include "collectives/core/buffers.hpp"
#include "collectives/nonblocking/nbc_driver.hpp"
#include "collectives/nonblocking/nonblocking.hpp"
#include "collectives/nonblocking/schedule.hpp"
#include "common/mpi_env.hpp"

namespace papbench {
namespace {

using nbc::Buf;
using nbc::Ref;
using nbc::Schedule;

// ceil(log2 p): libnbc's ceil_of_log2.
int nbc_ceil_log2(int p) {
  int r = 0;
  while ((1 << r) < p) ++r;
  return r;
}

// libnbc's RANK2VRANK and VRANK2RANK (nbc_ibcast.c): the root and rank 0 swap places, every
// other rank keeps its own (not a rotation, as papbench's relative_rank.hpp is). An involution:
// the same map turns a virtual rank back.
int nbc_swap_root(int rank, int root) {
  if (rank == 0) return root;
  if (rank == root) return 0;
  return rank;
}

// ibcast/binomial: libnbc's bcast_sched_binomial (nbc_ibcast.c). In virtual ranks, rank v
// receives from v - 2^r where 2^r <= v < 2^(r+1), in one round, then sends to v + 2^s for every
// 2^s > v (the root to every 2^s) in the next; one round per level of the tree.
void build_ibcast_binomial(const Args& a, int rank, int p, Schedule& s) {
  if (a.count == 0) return;
  const int maxr = nbc_ceil_log2(p);
  const int vrank = nbc_swap_root(rank, a.root);
  if (vrank != 0) {
    for (int r = 0; r < maxr; ++r) {
      if (vrank >= (1 << r) && vrank < (1 << (r + 1))) {
        s.recv({Buf::kRecv, 0}, a.count, nbc_swap_root(vrank - (1 << r), a.root));
      }
    }
    s.end_round();
  }
  for (int r = 0; r < maxr; ++r) {
    if ((vrank + (1 << r) < p && vrank < (1 << r)) || vrank == 0) {
      s.send({Buf::kRecv, 0}, a.count, nbc_swap_root(vrank + (1 << r), a.root));
    }
  }
}

// iallreduce/recursive-doubling: libnbc's allred_sched_recursivedoubling (nbc_iallreduce.c), the
// algorithm its selection uses for short vectors, non-commutative ops and fewer than 4 ranks.
// The own vector goes to scratch (tmpsend); each step exchanges it with the partner at distance
// 1, 2, 4, ... into the receive buffer (tmprecv) and combines, the lower rank's operand first,
// so non-commutative ops keep MPI's order. Where the lower rank keeps the result in tmprecv the
// two names swap instead of copying. A non-power-of-two P folds onto pof2 participants first
// (even ranks below 2.rem hand their vector to rank + 1) and hands the result back last.
void build_iallreduce_recursive_doubling(const Args& a, int rank, int p, Schedule& s) {
  if (a.count == 0) return;
  const std::size_t n = a.count;
  Ref tmpsend{Buf::kTmp, 0}, tmprecv{Buf::kRecv, 0};
  s.copy({Buf::kSend, 0}, tmpsend, n);
  int pof2 = 1;
  while (pof2 * 2 <= p) pof2 *= 2;
  const int rem = p - pof2;
  int vrank = rank - rem;
  if (rank < 2 * rem) {
    if (rank % 2 == 0) {
      s.send(tmpsend, n, rank + 1);
      s.end_round();
      vrank = -1;
    } else {
      s.recv(tmprecv, n, rank - 1);
      s.end_round();
      s.combine(tmprecv, tmpsend, n);  // rank - 1's vector first
      s.end_round();
      vrank = rank / 2;
    }
  }
  if (vrank >= 0) {
    for (int distance = 1; distance < pof2; distance <<= 1) {
      const int vremote = vrank ^ distance;
      const int remote = vremote < rem ? vremote * 2 + 1 : vremote + rem;
      s.send(tmpsend, n, remote);
      s.recv(tmprecv, n, remote);
      s.end_round();
      if (rank < remote) {
        s.combine(tmpsend, tmprecv, n);  // tmprecv = mine op theirs
        std::swap(tmpsend, tmprecv);
      } else {
        s.combine(tmprecv, tmpsend, n);  // tmpsend = theirs op mine
      }
      s.end_round();
    }
  }
  if (rank < 2 * rem) {
    if (rank % 2 == 0) {
      s.recv({Buf::kRecv, 0}, n, rank + 1);
      tmpsend = {Buf::kRecv, 0};
    } else {
      s.send(tmpsend, n, rank - 1);
    }
  }
  if (tmpsend.buf != Buf::kRecv) s.copy(tmpsend, {Buf::kRecv, 0}, n);
}

// iallreduce/ring: libnbc's allred_sched_ring (nbc_iallreduce.c), its default for long vectors
// of commutative ops. The vector in P segments (the larger first); P - 1 rounds of
// reduce-scatter, in which each rank sends one segment to rank + 1, receives the next from
// rank - 1 into the receive buffer and combines its own contribution into it, then P - 1 rounds
// of allgather passing the reduced segments on. Every partial sum travels the ring in its own
// order: commutative ops only.
void build_iallreduce_ring(const Args& a, int r, int p, Schedule& s) {
  if (a.count == 0) return;
  if (p == 1) {
    s.copy({Buf::kSend, 0}, {Buf::kRecv, 0}, a.count);
    return;
  }
  const EvenBlocks seg(a.count, static_cast<std::size_t>(p));
  const auto ref = [&](Buf buf, int e) { return Ref{buf, seg.begin(std::size_t(e))}; };
  const auto size = [&](int e) { return seg.elements(std::size_t(e), std::size_t(e) + 1); };
  const int speer = (r + 1) % p, rpeer = (r - 1 + p) % p;
  for (int round = 0; round < 2 * p - 2; ++round) {
    const int selement = (r + 1 - round + 2 * p) % p;  // the segment this rank sends
    const int relement = (r - round + 2 * p) % p;      // the one it receives
    const bool reducing = round < p - 1;
    s.send(ref(round == 0 ? Buf::kSend : Buf::kRecv, selement), size(selement), speer);
    s.recv(ref(Buf::kRecv, relement), size(relement), rpeer);
    s.end_round();
    if (reducing) {
      s.combine(ref(Buf::kSend, relement), ref(Buf::kRecv, relement), size(relement));
      s.end_round();
    }
  }
}

// ireduce/binomial: libnbc's red_sched_binomial (nbc_ireduce.c), its choice for non-commutative
// ops, more than 4 ranks or short vectors where the reduce-scatter + gather does not apply. In
// rounds r = 1 .. ceil(log2 P), a virtual rank that is a multiple of 2^r receives the partial
// result of vrank + 2^(r-1) and combines its own before it (mine op theirs), one round for the
// message and one for the combine; any other rank sends its partial result to vrank - 2^(r-1) and
// leaves. Commutative ops root the tree at the root (root and rank 0 swap, nbc_swap_root);
// non-commutative ones at rank 0, where every subtree is a run of consecutive ranks and so the
// result comes out in MPI's order, and rank 0 sends it on to the root. The partial results
// alternate between the scratch vector and the result vector (the receive buffer on the root,
// a second scratch vector elsewhere, since MPI leaves the others' receive buffers undefined),
// starting on the side that leaves the last combine of virtual rank 0 in the result vector.
// One deviation: libnbc puts a non-zero root's send of its own partial result and its receive
// of the final result into the same round, which can name the receive buffer twice; here the
// receive waits for the next round (the send has been delivered before rank 0 can have the
// result anyway).
void build_ireduce_binomial(const Args& a, int rank, int p, Schedule& s) {
  if (a.count == 0) return;
  const std::size_t n = a.count;
  if (p == 1) {
    s.copy({Buf::kSend, 0}, {Buf::kRecv, 0}, n);
    return;
  }
  int commute = 0;
  mpi_check(MPI_Op_commutative(a.op, &commute), "MPI_Op_commutative");
  const int vroot = commute != 0 ? a.root : 0;
  const int vrank = nbc_swap_root(rank, vroot);
  const int maxr = nbc_ceil_log2(p);
  const Ref redbuf = rank == a.root ? Ref{Buf::kRecv, 0} : Ref{Buf::kTmp, n};
  Ref rbuf{Buf::kTmp, 0}, lbuf = redbuf;
  if (maxr % 2 != 0) std::swap(rbuf, lbuf);
  bool first = true;  // the own contribution is still the send buffer
  for (int r = 1; r <= maxr; ++r) {
    const int half = 1 << (r - 1);
    if (vrank % (1 << r) == 0) {
      const int peer = nbc_swap_root(vrank + half, vroot);
      if (peer >= p) continue;
      s.recv(rbuf, n, peer);
      s.end_round();
      s.combine(first ? Ref{Buf::kSend, 0} : lbuf, rbuf, n);  // rbuf = mine op theirs
      s.end_round();
      first = false;
      std::swap(rbuf, lbuf);
    } else {
      s.send(first ? Ref{Buf::kSend, 0} : lbuf, n, nbc_swap_root(vrank - half, vroot));
      s.end_round();
      break;
    }
  }
  if (vroot != a.root) {
    if (rank == 0) s.send(redbuf, n, a.root);
    if (rank == a.root) s.recv(redbuf, n, 0);
  }
}

using NbcBuild = void (*)(const Args& a, int rank, int size, Schedule& s);

// The collective of one schedule: built for the case's root, rebuilt when a call re-roots it.
class ScheduleStarter final : public NbcStarter {
 public:
  ScheduleStarter(std::string_view name, NbcBuild build, int tmp_vectors, bool commutative_only)
      : name_(name),
        build_(build),
        tmp_vectors_(tmp_vectors),
        commutative_only_(commutative_only) {}

  void prepare(const Args& a, MPI_Comm comm) override {
    if (commutative_only_) require_commutative(a.op, name_);
    rank_ = comm_rank(comm);
    size_ = comm_size(comm);
    count_ = a.count;
    // Held on every rank: a call may re-root (ireduce/binomial's second vector is a non-root's).
    tmp_.reserve(static_cast<std::size_t>(tmp_vectors_) * a.count * extent_of(a.dtype));
    rebuild(a);
  }

  NbcInFlight& start(const Args& a, MPI_Comm comm) override {
    expect_prepared(count_, a.count, name_);
    if (a.root != root_) rebuild(a);
    engine_.start(schedule_, {.send = a.send,
                              .recv = a.recv,
                              .tmp = tmp_.data(),
                              .dtype = a.dtype,
                              .op = a.op,
                              .comm = comm,
                              .tag = tag_});
    return engine_;
  }

 private:
  void rebuild(const Args& a) {
    schedule_.clear();
    build_(a, rank_, size_, schedule_);
    root_ = a.root;
  }

  std::string_view name_;
  NbcBuild build_;
  int tmp_vectors_;
  bool commutative_only_;
  int rank_ = 0, size_ = 1, root_ = 0;
  std::size_t count_ = 0;
  Scratch tmp_;
  Schedule schedule_;
  nbc::Engine engine_;
};

// tmp_vectors: scratch vectors of `count` elements;
// commutative_only: refuses other ops in prepare(), as the registry row's restriction says.
std::unique_ptr<Algorithm> make_nbc_schedule(std::string_view name, NbcBuild build, int tmp_vectors,
                                             bool commutative_only, const AlgOptions& o) {
  return make_nonblocking(
      std::make_unique<ScheduleStarter>(name, build, tmp_vectors, commutative_only), o);
}

}  // namespace

std::unique_ptr<Algorithm> make_ibcast_binomial(const AlgOptions& o) {
  return make_nbc_schedule("ibcast/binomial", build_ibcast_binomial, 0, false, o);
}
std::unique_ptr<Algorithm> make_iallreduce_recursive_doubling(const AlgOptions& o) {
  return make_nbc_schedule("iallreduce/recursive-doubling", build_iallreduce_recursive_doubling, 1,
                           false, o);
}
std::unique_ptr<Algorithm> make_iallreduce_ring(const AlgOptions& o) {
  return make_nbc_schedule("iallreduce/ring", build_iallreduce_ring, 0, true, o);
}
std::unique_ptr<Algorithm> make_ireduce_binomial(const AlgOptions& o) {
  return make_nbc_schedule("ireduce/binomial", build_ireduce_binomial, 2, false, o);
}

}  // namespace papbench
