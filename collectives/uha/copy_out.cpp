#include "collectives/uha/copy_out.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>
#include <vector>

#include "collectives/core/alg_option.hpp"
#include "collectives/uha/uha.hpp"
#include "common/mpi_env.hpp"

namespace papbench::uha {

namespace {

constexpr int kUhaCopyOutTag = 71;

CopyOutMethod::Kind kind_named(std::string_view name) {
  using Kind = CopyOutMethod::Kind;
  if (name == "memcpy") return Kind::kMemcpy;
  if (name == "bcast") return Kind::kBcast;
  if (name == "numa") return Kind::kNuma;
  if (name == "shared") return Kind::kShared;
  if (name == "cow") return Kind::kCow;
  throw std::logic_error("uha: unknown copyout " + std::string(name));
}

}  // namespace

CopyOutMethod::CopyOutMethod(const AlgOptions& options)
    : kind_(kind_named(option_text(options, "copyout"))),
      regions_(static_cast<int>(option_integer(options, "regions"))) {}

bool CopyOutMethod::outside_recv(const AlgOptions& options) {
  return CopyOutMethod(options).outside_recv();
}

SharedSlots CopyOutMethod::prepare(const NodeContext& node, std::size_t bytes_per_slot) {
  sends_.reserve(std::size_t(node.map.my_node_size()));
  view_ = nullptr;
  private_ = Mapping();
  return {node.node_comm, bytes_per_slot,
          kind_ == Kind::kCow ? SharedSlots::Backing::kFile : SharedSlots::Backing::kWindow};
}

void CopyOutMethod::run(const NodeContext& node, const SharedSlots& slots, int parity,
                        const std::function<void()>& copy, void* recv, std::size_t bytes) {
  switch (kind_) {
    case Kind::kShared:
      view_ = slots.slot(parity);
      return;
    case Kind::kCow:
      // The system calls are the method's cost ([Parsons2015] Fig. 2.8: "the overhead of the
      // system call"), so the view is made here, in the timed call, every call: the previous
      // call's view is unmapped as this one replaces it. Nothing to map for an empty result.
      private_ = bytes > 0 ? slots.map_private(parity, bytes) : Mapping();
      view_ = bytes > 0 ? static_cast<const void*>(private_.bytes().data()) : slots.slot(parity);
      return;
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
    mpi_check(MPI_Recv(recv, n, MPI_BYTE, first, kUhaCopyOutTag, node.node_comm, MPI_STATUS_IGNORE),
              "MPI_Recv");
    return;
  }
  copy();
  sends_.clear();
  for (int l = first + 1; l < end; ++l) {
    sends_.emplace_back();
    mpi_check(MPI_Isend(recv, n, MPI_BYTE, l, kUhaCopyOutTag, node.node_comm, &sends_.back()),
              "MPI_Isend");
  }
  mpi_check(MPI_Waitall(static_cast<int>(sends_.size()), sends_.data(), MPI_STATUSES_IGNORE),
            "MPI_Waitall");
}

}  // namespace papbench::uha

namespace papbench {

bool uha_result_outside_recv(const AlgOptions& resolved) {
  return uha::CopyOutMethod::outside_recv(resolved);
}

}  // namespace papbench
