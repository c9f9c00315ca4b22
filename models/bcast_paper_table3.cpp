#include "models/bcast_paper_table3.hpp"

namespace papbench::bcast_model {
namespace {

// As printed, in the paper's order of the six sub-tables.
constexpr std::array<PaperTable3Model, 6> kPaperTable3Model = {{
    {"grisou", 450, {24, 0, 0, 0, 0, 0, 0, 0, 0}},
    {"gros", 400, {1, 6, 0, 0, 0, 0, 0, 0, 0}},
    {"mn4", 96, {3, 0, 0, 0, 0, 0, 1, 0, 0}},
    {"grisou", 600, {20, 0, 0, 0, 0, 0, 0, 0, 0}},
    {"gros", 1000, {1, 0, 0, 0, 0, 0, 2, 0, 0}},
    {"mn4", 480, {84, 0, 0, 0, 0, 0, 0, 0, 0}},
}};

}  // namespace

std::span<const PaperTable3Model> paper_table3_model() {
  return kPaperTable3Model;
}

std::optional<int> paper_table3_size_index(long bytes) {
  long size = 16 * 1024;
  for (int i = 0; i < 9; ++i, size *= 2) {
    if (bytes == size) return i;
  }
  return std::nullopt;
}

}  // namespace papbench::bcast_model
