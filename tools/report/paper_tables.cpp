#include "tools/report/paper_tables.hpp"

#include <algorithm>

namespace papbench::report {
namespace {

// One row per paper table or figure; none are implemented yet.
const std::vector<PaperTable>& registry() {
  static const std::vector<PaperTable> kPaperTables = {};
  return kPaperTables;
}

}  // namespace

std::span<const PaperTable> paper_tables() {
  return registry();
}

const PaperTable* find_paper_table(std::string_view name) {
  const auto& all = registry();
  const auto it =
      std::find_if(all.begin(), all.end(), [&](const PaperTable& t) { return t.name == name; });
  return it == all.end() ? nullptr : &*it;
}

}  // namespace papbench::report
