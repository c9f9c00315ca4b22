#pragma once
// [Nuriyev2022] Table 3's "Model-based" column: how much slower than the measured best the
// model's pick was (%, as printed), per cluster and P at each of the nine sizes 16 KB .. 4 MB.
// The paper's claim against a topology-oblivious selection rests on it: where its model picked
// the best (or near it) at a size on every cluster, a different pick can only be slower. Pure.

#include <array>
#include <optional>
#include <span>
#include <string_view>

namespace papbench::bcast_model {

struct PaperTable3Model {
  std::string_view cluster;  // "grisou", "gros", "mn4"
  int procs = 0;
  std::array<int, 9> degradation{};  // % at 16 KB * 2^i, i = 0..8
};

std::span<const PaperTable3Model> paper_table3_model();

// The index i of `bytes` = 16 KiB * 2^i among Table 3's sizes; nullopt for another size.
std::optional<int> paper_table3_size_index(long bytes);

}  // namespace papbench::bcast_model
