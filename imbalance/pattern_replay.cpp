#include "imbalance/pattern_replay.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <filesystem>
#include <fstream>
#include <optional>
#include <vector>

#include "common/files.hpp"
#include "common/units.hpp"
#include "results/result_set.hpp"

namespace papbench {
namespace {

using Table = std::vector<std::vector<std::int64_t>>;  // [iteration][rank]

constexpr std::int64_t kMaxDelayNs = 1'000'000'000'000'000'000;

// A row of `table` for `iteration`, cycling (warm-up iterations are negative).
std::int64_t cycled(const Table& table, int iteration, int rank) {
  const auto rows = static_cast<int>(table.size());
  const int row = ((iteration % rows) + rows) % rows;
  return table[static_cast<std::size_t>(row)][static_cast<std::size_t>(rank)];
}

// What a replay file holds: the delays, and for a capture of a nonblocking site each call's
// compute between post and completion (empty otherwise).
struct Replayed {
  Table delays;
  Table compute;
};

class ReplayPattern final : public ArrivalPattern {
 public:
  explicit ReplayPattern(Replayed r)
      : table_(std::move(r.delays)), compute_(std::move(r.compute)) {}
  std::int64_t delay_ns(int iteration, int rank) const override {
    return cycled(table_, iteration, rank);
  }
  std::int64_t overlap_compute_ns(int iteration, int rank) const override {
    return compute_.empty() ? -1 : cycled(compute_, iteration, rank);
  }
  std::int64_t max_delay_ns() const override {
    std::int64_t out = 0;
    for (const auto& row : table_)
      for (const std::int64_t d : row) out = std::max(out, d);
    return out;
  }

 private:
  Table table_;
  Table compute_;
};

bool ends_with(const std::string& s, std::string_view suffix) {
  return s.size() >= suffix.size() &&
         s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

Table read_csv(const std::string& path) {
  // Every rank reads the file, which a pipe cannot serve (opening a FIFO blocks until a writer
  // comes), and a device such as /dev/zero never ends: only a regular file is a pattern. Checked
  // before the open, which would block.
  require_regular_input("--pattern replay", path);
  std::ifstream in(path);
  if (!in) throw UsageError(fmt::format("--pattern replay: cannot open '{}'", path));
  Table table;
  std::string line;
  int line_no = 0;
  while (std::getline(in, line)) {
    ++line_no;
    // Blank lines (also a lone '\r' of a CRLF file) separate nothing; skip them like comments.
    if (line.find_first_not_of(" \t\r") == std::string::npos || line[0] == '#') continue;
    std::vector<std::string> cells;
    try {
      cells = split_list(line);
    } catch (const UsageError& e) {
      throw UsageError(fmt::format("--pattern replay: {}:{}: {}", path, line_no, e.what()));
    }
    std::vector<std::int64_t> row;
    bool numeric = true;
    for (const std::string& cell : cells) {
      std::int64_t v = 0;
      auto [p, ec] = std::from_chars(cell.data(), cell.data() + cell.size(), v);
      if (ec != std::errc() || p != cell.data() + cell.size()) {
        numeric = false;
        break;
      }
      if (v < 0) {
        throw UsageError(
            fmt::format("--pattern replay: {}:{}: negative delay {}", path, line_no, v));
      }
      // The bound of a typed duration; beyond it the planned arrival T0 + compute + delay
      // would overflow the clock's int64 nanoseconds.
      if (v > kMaxDelayNs) {
        throw UsageError(fmt::format(
            "--pattern replay: {}:{}: delay {} ns is longer than the longest accepted ({} ns)",
            path, line_no, v, kMaxDelayNs));
      }
      row.push_back(v);
    }
    if (!numeric) {
      if (table.empty()) continue;  // a header row
      throw UsageError(
          fmt::format("--pattern replay: {}:{}: expected integer nanoseconds", path, line_no));
    }
    if (!table.empty() && row.size() != table.front().size()) {
      throw UsageError(fmt::format("--pattern replay: {}:{}: {} columns, the first row had {}",
                                   path, line_no, row.size(), table.front().size()));
    }
    table.push_back(std::move(row));
  }
  return table;
}

// A capture's nonblocking site: per call and rank the wall time from the post's return to the
// wait or test that completed it (its compute and the earlier tests); empty for other cases.
Table captured_compute(const results::CaseRecord& rec) {
  const auto compute = rec.metrics.find("nbc_compute_ns");
  const auto tests = rec.metrics.find("nbc_test_ns");
  if (rec.sync_mode != "capture" || compute == rec.metrics.end() || tests == rec.metrics.end()) {
    return {};
  }
  Table table;
  for (int it = 0; it < compute->second.rows; ++it) {
    std::vector<std::int64_t> row;
    for (int r = 0; r < compute->second.cols; ++r) {
      row.push_back(std::max<std::int64_t>(0, compute->second.at(it, r)) +
                    std::max<std::int64_t>(0, tests->second.at(it, r)));
    }
    table.push_back(std::move(row));
  }
  return table;
}

Replayed read_result_set(const std::string& source) {
  std::string path = source;
  int case_index = -1;
  if (auto hash = source.rfind('#'); hash != std::string::npos) {
    path = source.substr(0, hash);
    const std::string idx = source.substr(hash + 1);
    auto [p, ec] = std::from_chars(idx.data(), idx.data() + idx.size(), case_index);
    if (ec != std::errc() || p != idx.data() + idx.size() || case_index < 0) {
      throw UsageError(fmt::format("--pattern replay: '{}' is not FILE.h5#CASE_INDEX", source));
    }
  }
  // papbench reports a UsageError as bad input (exit 2 on every rank); the reader's FormatError
  // would otherwise abort the job as an internal failure.
  std::optional<results::ResultReader> opened;
  try {
    opened.emplace(path);
  } catch (const results::FormatError& e) {
    throw UsageError(fmt::format("--pattern replay: {}", e.what()));
  }
  const results::ResultReader& reader = *opened;
  if (reader.cases().empty()) {
    throw UsageError(fmt::format("--pattern replay: '{}' holds no complete case", path));
  }
  if (case_index >= static_cast<int>(reader.cases().size())) {
    throw UsageError(fmt::format("--pattern replay: '{}' has {} complete cases, not case {}", path,
                                 reader.cases().size(), case_index));
  }
  const results::CaseRecord& rec =
      reader.cases()[static_cast<std::size_t>(std::max(case_index, 0))];
  Table table;
  for (int it = 0; it < rec.arrival_ns.rows; ++it) {
    auto row = rec.arrival_ns.row(it);
    if (row.empty()) {
      throw UsageError(fmt::format("--pattern replay: '{}' holds arrivals of no rank", source));
    }
    const std::int64_t first = *std::min_element(row.begin(), row.end());
    std::vector<std::int64_t> delays;
    for (std::int64_t a : row) {
      std::int64_t d = 0;
      // Arrivals of a damaged file can lie so far apart that the difference overflows.
      if (__builtin_sub_overflow(a, first, &d) || d > kMaxDelayNs) {
        throw UsageError(fmt::format(
            "--pattern replay: '{}' iteration {}: arrivals {} ns apart, longer than the longest "
            "accepted delay ({} ns)",
            source, it, static_cast<double>(a) - static_cast<double>(first), kMaxDelayNs));
      }
      delays.push_back(d);
    }
    table.push_back(std::move(delays));
  }
  return {std::move(table), captured_compute(rec)};
}

}  // namespace

std::unique_ptr<ArrivalPattern> make_replay_pattern(const std::string& source, int size) {
  const bool hdf5 = ends_with(source, ".h5") || ends_with(source, ".hdf5") ||
                    source.find(".h5#") != std::string::npos;
  Replayed replayed = hdf5 ? read_result_set(source) : Replayed{read_csv(source), {}};
  const Table& table = replayed.delays;
  if (table.empty())
    throw UsageError(fmt::format("--pattern replay: '{}' holds no delays", source));
  if (static_cast<int>(table.front().size()) != size) {
    throw UsageError(
        fmt::format("--pattern replay: '{}' has delays for {} ranks, but this run has {} ranks",
                    source, table.front().size(), size));
  }
  return std::make_unique<ReplayPattern>(std::move(replayed));
}

}  // namespace papbench
