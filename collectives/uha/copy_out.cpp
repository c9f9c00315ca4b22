#include "collectives/uha/copy_out.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>
#include <vector>

#include "collectives/core/alg_option.hpp"
#include "common/mpi_env.hpp"

namespace papbench::uha {

namespace {
constexpr int kTag = 71;
}

CopyOutMethod::CopyOutMethod(const AlgOptions& options) {
  const std::string_view name = option_text(options, "copyout");
  if (name == "memcpy") {
    kind_ = Kind::kMemcpy;
  } else if (name == "bcast") {
    kind_ = Kind::kBcast;
  } else if (name == "numa") {
    kind_ = Kind::kNuma;
  } else {
    throw std::logic_error("uha: unknown copyout " + std::string(name));
  }
  regions_ = static_cast<int>(option_integer(options, "regions"));
}

void CopyOutMethod::prepare(const NodeContext& node) {
  sends_.reserve(std::size_t(node.map.my_node_size()));
}

void CopyOutMethod::run(const NodeContext& node, const std::function<void()>& copy, void* recv,
                        std::size_t bytes) {
  switch (kind_) {
    case Kind::kMemcpy:
      copy();
      return;
    case Kind::kBcast:
      // The leader copies out, then broadcasts its copy over the node.
      if (node.is_leader()) copy();
      mpi_check(
          MPI_Bcast(recv, count_as_int(bytes, "uha copy-out bytes"), MPI_BYTE, 0, node.node_comm),
          "MPI_Bcast");
      return;
    case Kind::kNuma:
      numa(node, copy, recv, bytes);
      return;
  }
}

void CopyOutMethod::numa(const NodeContext& node, const std::function<void()>& copy, void* recv,
                         std::size_t bytes) {
  // Region g holds local ranks [g*ns/R, (g+1)*ns/R); its first rank is the copier. With fewer
  // ranks than regions every rank is a region of its own.
  const int ns = node.map.my_node_size(), me = node.map.local_rank();
  const int regions = std::min(regions_, ns);
  const int region = static_cast<int>(static_cast<long>(me) * regions / ns);
  const auto first_of = [&](int g) {
    return static_cast<int>((static_cast<long>(g) * ns + regions - 1) / regions);
  };
  const int first = first_of(region), end = first_of(region + 1);
  const int n = count_as_int(bytes, "uha copy-out bytes");
  if (me != first) {
    mpi_check(MPI_Recv(recv, n, MPI_BYTE, first, kTag, node.node_comm, MPI_STATUS_IGNORE),
              "MPI_Recv");
    return;
  }
  copy();
  sends_.clear();
  for (int l = first + 1; l < end; ++l) {
    sends_.emplace_back();
    mpi_check(MPI_Isend(recv, n, MPI_BYTE, l, kTag, node.node_comm, &sends_.back()), "MPI_Isend");
  }
  mpi_check(MPI_Waitall(static_cast<int>(sends_.size()), sends_.data(), MPI_STATUSES_IGNORE),
            "MPI_Waitall");
}

}  // namespace papbench::uha
