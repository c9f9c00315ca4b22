#include "collectives/bcast/gather_after.hpp"

#include <string>
#include <vector>

#include "collectives/core/alg_option.hpp"
#include "common/mpi_env.hpp"

namespace papbench {
namespace {

// Tag of the gather, on the wrapper's own communicator: its messages can never match the
// broadcast's.
constexpr int kGatherTag = 7;

class GatherAfterBcast final : public Algorithm {
 public:
  GatherAfterBcast(std::unique_ptr<Algorithm> bcast, int bytes)
      : bcast_(std::move(bcast)), bytes_(bytes) {}

  void prepare(const Args& a) override {
    bcast_->prepare(a);
    comm_ = Comm::dup(a.comm);
    rank_ = comm_.rank();
    size_ = comm_.size();
    const std::size_t mine = static_cast<std::size_t>(bytes_);
    block_.assign(mine, static_cast<unsigned char>(rank_));
    // Every rank may be a later call's root (one instance serves every root).
    gathered_.resize(mine * static_cast<std::size_t>(size_));
  }

  void run(const Args& a) override {
    bcast_->run(a);
    mpi_check(MPI_Barrier(comm_.get()), "MPI_Barrier");
    // Open MPI's gather basic_linear ([Nuriyev2022] §5.2: "flat-without-synchronization"): every
    // rank sends, the root receives in rank order with blocking receives.
    if (rank_ != a.root) {
      mpi_check(MPI_Send(block_.data(), bytes_, MPI_BYTE, a.root, kGatherTag, comm_.get()),
                "MPI_Send");
      return;
    }
    for (int r = 0; r < size_; ++r) {
      if (r == rank_) continue;
      mpi_check(MPI_Recv(gathered_.data() + static_cast<std::size_t>(r) * block_.size(), bytes_,
                         MPI_BYTE, r, kGatherTag, comm_.get(), MPI_STATUS_IGNORE),
                "MPI_Recv");
    }
  }

  std::vector<AlgMetric> iteration_metrics() const override { return bcast_->iteration_metrics(); }

 private:
  std::unique_ptr<Algorithm> bcast_;
  int bytes_;
  Comm comm_;
  int rank_ = 0, size_ = 1;
  std::vector<unsigned char> block_, gathered_;
};

}  // namespace

AlgorithmFactory with_gather_after(AlgorithmFactory inner) {
  return [inner = std::move(inner)](const AlgOptions& resolved) -> std::unique_ptr<Algorithm> {
    std::unique_ptr<Algorithm> bcast = inner(resolved);
    const std::int64_t bytes = option_integer(resolved, "gather-after");
    if (bytes == 0) return bcast;
    return std::make_unique<GatherAfterBcast>(std::move(bcast), static_cast<int>(bytes));
  };
}

std::string gather_after_effective(const AlgOptions& resolved, std::uint64_t, std::size_t, int) {
  const auto it = resolved.find("gather-after");
  return it == resolved.end() || it->second == "0" ? "" : it->second;
}

}  // namespace papbench
