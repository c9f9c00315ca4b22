#include "capture/call_log.hpp"

#include <array>
#include <utility>

namespace papbench::capture {

std::string_view collective_name(Collective c) {
  static constexpr std::array<std::string_view, 23> kNames = {"reduce",
                                                              "allreduce",
                                                              "bcast",
                                                              "scatter",
                                                              "gather",
                                                              "allgather",
                                                              "allgatherv",
                                                              "alltoall",
                                                              "alltoallv",
                                                              "reduce_scatter",
                                                              "reduce_scatter_block",
                                                              "barrier",
                                                              "gatherv",
                                                              "scatterv",
                                                              "scan",
                                                              "exscan",
                                                              "iallreduce",
                                                              "ireduce",
                                                              "ibcast",
                                                              "iallgather",
                                                              "ialltoall",
                                                              "igather",
                                                              "iscatter"};
  return kNames[static_cast<std::size_t>(c)];
}

bool is_nonblocking(Collective c) {
  return c >= Collective::kIallreduce;
}

std::uint32_t CallLog::add_comm(std::string identity, std::vector<int> world_ranks) {
  comms_.push_back({std::move(identity), std::move(world_ranks), 0});
  return static_cast<std::uint32_t>(comms_.size() - 1);
}

void CallLog::append(RawCall call) {
  call.seq = comms_[call.comm].next_seq++;
  calls_.push_back(call);
}

}  // namespace papbench::capture
