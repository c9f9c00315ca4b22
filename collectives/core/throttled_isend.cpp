#include "collectives/core/throttled_isend.hpp"

#include <algorithm>
#include <vector>

#include "collectives/core/buffers.hpp"
#include "common/mpi_env.hpp"

namespace papbench {
namespace {

class ThrottledIsend final : public Algorithm {
 public:
  ThrottledIsend(ExchangeBlocks blocks, int throttle, int tag)
      : blocks_(blocks), throttle_(throttle), tag_(tag) {}

  void prepare(const Args& a) override {
    comm_ = Comm::dup(a.comm);
    round_ = throttle_ == 0 ? comm_.size() : throttle_;
    requests_.assign(2 * static_cast<std::size_t>(round_), MPI_REQUEST_NULL);
  }

  void run(const Args& a) override {
    if (blocks_ == ExchangeBlocks::kEven && a.count == 0) return;
    const int size = comm_.size(), rank = comm_.rank();
    const std::size_t ext = extent_of(a.dtype);
    const int even = blocks_ == ExchangeBlocks::kEven ? count_as_int(a.count, "alltoall count") : 0;
    const auto offset = [&](std::span<const int> displs, int j) {
      return blocks_ == ExchangeBlocks::kEven ? std::size_t(j) * a.count
                                              : std::size_t(displs[std::size_t(j)]);
    };
    const auto count = [&](std::span<const int> counts, int j) {
      return blocks_ == ExchangeBlocks::kEven ? even : counts[std::size_t(j)];
    };
    for (int first = 0; first < size; first += round_) {
      const int in_round = std::min(round_, size - first);
      int posted = 0;
      for (int i = 0; i < in_round; ++i) {
        const int src = (rank + first + i) % size;
        const int n = count(a.recv_counts, src);
        if (n == 0) continue;
        mpi_check(MPI_Irecv(at(a.recv, offset(a.recv_displs, src), ext), n, a.dtype, src, tag_,
                            comm_.get(), &requests_[std::size_t(posted++)]),
                  "MPI_Irecv");
      }
      for (int i = 0; i < in_round; ++i) {
        const int dst = ((rank - first - i) % size + size) % size;
        const int n = count(a.counts, dst);
        if (n == 0) continue;
        mpi_check(MPI_Isend(at(a.send, offset(a.displs, dst), ext), n, a.dtype, dst, tag_,
                            comm_.get(), &requests_[std::size_t(posted++)]),
                  "MPI_Isend");
      }
      mpi_check(MPI_Waitall(posted, requests_.data(), MPI_STATUSES_IGNORE), "MPI_Waitall");
    }
  }

 private:
  ExchangeBlocks blocks_;
  int throttle_;
  int tag_;
  int round_ = 1;
  Comm comm_;
  std::vector<MPI_Request> requests_;
};

}  // namespace

std::unique_ptr<Algorithm> make_throttled_isend(ExchangeBlocks blocks, int throttle, int tag) {
  return std::make_unique<ThrottledIsend>(blocks, throttle, tag);
}

}  // namespace papbench
