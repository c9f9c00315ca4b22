#include "collectives/uha/driver.hpp"

#include <atomic>
#include <stdexcept>

#include "collectives/core/registry.hpp"
#include "common/smpi_platform.hpp"

namespace papbench::uha {

using Clock = smpi::SteadyClock;  // simulated under SMPI (common/smpi_platform.hpp)

void NodeBarrier::wait() {
  const auto n = static_cast<std::uint64_t>(control_.node_size());
  const std::uint64_t target = ++passed_ * n;
  std::atomic_ref<std::uint64_t> count = control_.node_word(0);
  count.fetch_add(1, std::memory_order_acq_rel);
  wait_at_least(count, target);
}

SharedSlots::SharedSlots(MPI_Comm node_comm, std::size_t bytes_per_slot, Backing backing)
    : bytes_(bytes_per_slot), stride_(bytes_per_slot) {
  if (backing == Backing::kWindow) {
    segment_ = NodeSharedSegment(node_comm, comm_rank(node_comm) == 0 ? 2 * bytes_per_slot : 0);
    base_ = segment_.part(0).data();
    return;
  }
  const std::size_t page = NodeSharedFile::page_size();
  stride_ = (bytes_per_slot + page - 1) / page * page;
  file_ = NodeSharedFile(node_comm, 2 * stride_);
  base_ = file_.shared().data();
}

std::byte* SharedSlots::slot(int parity) const {
  return base_ + static_cast<std::size_t>(parity) * stride_;
}

Mapping SharedSlots::map_private(int parity, std::size_t bytes) const {
  return file_.map_private(static_cast<std::size_t>(parity) * stride_, bytes);
}

Driver::Driver(std::string_view collective, std::string_view inter, std::unique_ptr<Pieces> pieces)
    : pieces_(std::move(pieces)) {
  if (pieces_->own_inter_phase()) return;
  const AlgorithmInfo* info = find_algorithm(collective, inter);
  if (info == nullptr) {
    throw std::logic_error(std::string(collective) + "/uha: inter=" + std::string(inter) +
                           " is no registry algorithm");
  }
  inter_ = make_algorithm(*info);
}

void Driver::prepare(const Args& a) {
  comms_.emplace(a);
  barrier_ = NodeBarrier(comms_->node.get());
  node_.map = NodeMap(*a.nodes);
  node_.all = comms_->all.get();
  node_.node_comm = comms_->node.get();
  node_.leaders = comms_->leaders.get();
  node_.barrier = &barrier_;
  calls_ = 0;
  pieces_->prepare(node_, a);
  if (inter_ != nullptr && node_.is_leader()) inter_->prepare(pieces_->inter_args());
}

void Driver::run(const Args& a) {
  const int parity = static_cast<int>(calls_++ % 2);
  const auto t0 = Clock::now();
  if (pieces_->unknown_global_pattern()) {
    pieces_->exchange_cnt_data(a, parity);  // line 3
    barrier_.wait();                        // line 4
  }
  pieces_->copy_in(a, parity);      // lines 5, 8
  pieces_->setup_inter(a, parity);  // lines 6, 9
  const auto t1 = Clock::now();
  barrier_.wait();  // line 11
  const auto t2 = Clock::now();
  bool took_part = false;
  if (inter_ == nullptr) {
    took_part = pieces_->inter(parity);
  } else if (node_.is_leader()) {
    inter_->run(pieces_->inter_args());  // lines 12-14
    took_part = true;
  }
  const auto t3 = Clock::now();
  barrier_.wait();  // line 15
  const auto t4 = Clock::now();
  pieces_->copy_out(a, parity);  // line 16
  const auto t5 = Clock::now();
  copy_in_ = t1 - t0;
  inter_time_ = took_part ? t3 - t2 : Clock::duration::zero();
  wait_ = (t2 - t1) + (t4 - t3);
  copy_out_ = t5 - t4;
}

std::vector<AlgMetric> Driver::iteration_metrics() const {
  return {{"uha_copy_in_ns", copy_in_.count()},
          {"uha_inter_ns", inter_time_.count()},
          {"uha_copy_out_ns", copy_out_.count()},
          {"uha_barrier_ns", wait_.count()}};
}

}  // namespace papbench::uha
