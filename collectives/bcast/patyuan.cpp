// bcast/patyuan: Patarasuk and Yuan's broadcast for imbalanced process arrival
// ([PatarasukYuan2008]; as [Parsons2015] §3.2 and §3.9.2 describe and evaluate it, "Pat. Original",
// Fig. 3.23). Every non-root tells the root that it has arrived (a control message) and waits for
// the data from whoever sends it. The root serves arrivals in the order their control messages
// come in: it takes the first waiting control message and, without waiting, every other one that
// has already arrived, up to `group` ranks, and sends the data and the list of the others to the
// first; that rank forwards the data to the others one after the other ("serial subgroup
// broadcast"). So a rank that arrives alone gets the data straight from the root, and ranks that
// arrive together do not serialise at the root. The group limit keeps balanced arrivals (all
// control messages waiting at once) from becoming one serial chain ([Parsons2015] §3.9.2).
//
// Where the description is loose, papbench decides (docs/ALGORITHMS.md, "Inferred: bcast/patyuan"):
// the root only ever sends to the first rank of a group, a group is the first control message
// plus those already queued (MPI_Iprobe), and the root is any rank.
//
// Cost at zero imbalance = ceil((p-1)/g).(alpha + n.beta) at the root + (g-1).(alpha + n.beta) in
// the last group, plus one control message per rank (g = group).
#include "collectives/bcast/patyuan.hpp"

#include <algorithm>
#include <cstdint>
#include <vector>

#include "collectives/bcast/bcast.hpp"
#include "collectives/core/alg_option.hpp"
#include "collectives/core/probe_wait.hpp"
#include "common/mpi_env.hpp"

namespace papbench {
namespace {

constexpr int kTagHeader = 60;  // the ranks the receiver forwards to (int list, maybe empty)
constexpr int kTagData = 61;
// Control messages carry the call's number in their tag: a rank that has its data may enter the
// next call and announce itself while this call's root still waits for a late rank, and with
// rotating roots a rank can run up to one call per distinct root ahead. 16384 numbers from tag
// 16384 stay below 32767, the smallest MPI_TAG_UB MPI allows.
constexpr int kTagControlBase = 16384;
constexpr std::uint64_t kControlTags = 16384;

int control_tag(std::uint64_t call) {
  return kTagControlBase + static_cast<int>(call % kControlTags);
}

class BcastPatYuan final : public Algorithm {
 public:
  explicit BcastPatYuan(int group) : exchange_(group) {}

  void prepare(const Args& a) override {
    comm_ = Comm::dup(a.comm);
    calls_ = 0;
  }

  void run(const Args& a) override {
    const int size = comm_.size();
    if (size == 1 || a.count == 0) return;
    ++calls_;
    const int n = count_as_int(a.count, "bcast count");
    if (comm_.rank() == a.root) {
      exchange_.serve(comm_.get(), calls_, a.recv, n, a.dtype, size - 1);
    } else {
      exchange_.receive(comm_.get(), calls_, a.recv, n, a.dtype, a.root);
      exchange_.forward(comm_.get(), a.recv, n, a.dtype);
    }
  }

 private:
  PatYuanExchange exchange_;
  Comm comm_;
  std::uint64_t calls_ = 0;
};

}  // namespace

void PatYuanExchange::serve(MPI_Comm comm, std::uint64_t call, void* buf, int n, MPI_Datatype type,
                            int waiting) {
  std::vector<int>& group = forward_to_;
  const int tag = control_tag(call);
  while (waiting > 0) {
    MPI_Status status;
    mpi_check(MPI_Recv(&nothing_, 0, MPI_INT, MPI_ANY_SOURCE, tag, comm, &status), "MPI_Recv");
    const int first = status.MPI_SOURCE;
    group.clear();
    while (static_cast<int>(group.size()) + 1 < std::min(group_, waiting)) {
      int queued = 0;
      mpi_check(MPI_Iprobe(MPI_ANY_SOURCE, tag, comm, &queued, &status), "MPI_Iprobe");
      if (queued == 0) break;
      mpi_check(MPI_Recv(&nothing_, 0, MPI_INT, status.MPI_SOURCE, tag, comm, MPI_STATUS_IGNORE),
                "MPI_Recv");
      group.push_back(status.MPI_SOURCE);
    }
    send_to(comm, first, group, buf, n, type);
    waiting -= 1 + static_cast<int>(group.size());
  }
}

void PatYuanExchange::receive(MPI_Comm comm, std::uint64_t call, void* buf, int n,
                              MPI_Datatype type, int root) {
  mpi_check(MPI_Send(&nothing_, 0, MPI_INT, root, control_tag(call), comm), "MPI_Send");
  // The root or a group's first rank: which one is known only from the header.
  MPI_Status status;
  probe_wait(MPI_ANY_SOURCE, kTagHeader, comm, &status);
  const int from = status.MPI_SOURCE;
  int members = 0;
  mpi_check(MPI_Get_count(&status, MPI_INT, &members), "MPI_Get_count");
  forward_to_.resize(static_cast<std::size_t>(members));
  int* list = members == 0 ? &nothing_ : forward_to_.data();
  mpi_check(MPI_Recv(list, members, MPI_INT, from, kTagHeader, comm, MPI_STATUS_IGNORE),
            "MPI_Recv");
  mpi_check(MPI_Recv(buf, n, type, from, kTagData, comm, MPI_STATUS_IGNORE), "MPI_Recv");
}

void PatYuanExchange::forward(MPI_Comm comm, const void* buf, int n, MPI_Datatype type) {
  const std::vector<int> none;
  for (const int member : forward_to_) send_to(comm, member, none, buf, n, type);
}

void PatYuanExchange::send_to(MPI_Comm comm, int rank, const std::vector<int>& forward,
                              const void* buf, int n, MPI_Datatype type) {
  // Some MPI libraries reject a null buffer even for zero elements.
  const int* list = forward.empty() ? &nothing_ : forward.data();
  mpi_check(MPI_Send(list, static_cast<int>(forward.size()), MPI_INT, rank, kTagHeader, comm),
            "MPI_Send");
  mpi_check(MPI_Send(buf, n, type, rank, kTagData, comm), "MPI_Send");
}

std::unique_ptr<Algorithm> make_bcast_patyuan(const AlgOptions& options) {
  return std::make_unique<BcastPatYuan>(static_cast<int>(option_integer(options, "group")));
}

}  // namespace papbench
