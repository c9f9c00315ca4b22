// scatter/lin: Open MPI's basic linear scatter ([Proficz2020] §2.1, "LIN"; [OpenMPI] basic_linear):
// the root sends rank 0, 1, ..., P-1 its block with blocking sends in rank order and copies its
// own; the others receive. A late early-numbered rank holds up everyone served after it (Eq. 9).
//
// Cost = (p-1).alpha + n.((p-1)/p).beta ([Proficz2020] Eq. 3; n = the root's p blocks in bytes).
#include <numeric>
#include <vector>

#include "collectives/scatter/linear_scatter.hpp"
#include "collectives/scatter/scatter.hpp"
#include "common/mpi_env.hpp"

namespace papbench {
namespace {

constexpr int kScatterLinTag = 1;

class ScatterLin final : public Algorithm {
 public:
  void prepare(const Args& a) override {
    comm_ = Comm::dup(a.comm);
    order_.resize(static_cast<std::size_t>(comm_.size()));
    std::iota(order_.begin(), order_.end(), 0);
  }
  void run(const Args& a) override {
    if (comm_.rank() == a.root) {
      linear_scatter_root(a, comm_.get(), kScatterLinTag, order_);
    } else {
      linear_scatter_receive(a, comm_.get(), kScatterLinTag);
    }
  }

 private:
  Comm comm_;
  std::vector<int> order_;
};

}  // namespace

std::unique_ptr<Algorithm> make_scatter_lin(const AlgOptions& /*options*/) {
  return std::make_unique<ScatterLin>();
}

}  // namespace papbench
