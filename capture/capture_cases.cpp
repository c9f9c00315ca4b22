#include "capture/capture_cases.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <tuple>

#include "capture/call_log.hpp"

namespace papbench::capture {
namespace {

std::vector<int> parse_members(const std::string& text) {
  std::vector<int> out;
  const char* p = text.data();
  const char* end = p + text.size();
  while (p < end) {
    int v = 0;
    auto [next, ec] = std::from_chars(p, end, v);
    if (ec != std::errc()) throw std::runtime_error("capture: bad member list '" + text + "'");
    out.push_back(v);
    p = next;
    if (p < end && *p == ',') ++p;
  }
  return out;
}

struct CapturedComm {
  std::vector<int> members;
  // seq -> one (rank's string table, row) per communicator rank
  std::map<std::int64_t, std::vector<std::optional<std::pair<const RankCalls*, CallRow>>>> calls;
};

struct CaseBuild {
  std::int64_t first_arrival = 0;
  std::string comm, site;
  int collective = 0;
  std::vector<std::vector<std::pair<const RankCalls*, CallRow>>> rows;  // [call][comm rank]
};

const std::string& text_of(const RankCalls& r, std::int64_t index) {
  if (index < 0 || index >= static_cast<std::int64_t>(r.strings.size())) {
    throw std::runtime_error(fmt::format("capture: rank {} sent a bad string index", r.world_rank));
  }
  return r.strings[static_cast<std::size_t>(index)];
}

results::CaseRecord to_record(const CaseBuild& b) {
  results::CaseRecord rec;
  const auto& [first_ranks, first] = b.rows.front().front();
  rec.collective = std::string(collective_name(static_cast<Collective>(b.collective)));
  rec.algorithm = "application";
  rec.params = fmt::format("site={} comm={}", b.site, b.comm);
  rec.dtype = text_of(*first_ranks, first.dtype);
  rec.op = text_of(*first_ranks, first.op);
  rec.pattern = "captured";
  rec.sync_mode = "capture";
  rec.count = static_cast<std::uint64_t>(first.count);
  rec.root = static_cast<int>(std::max<std::int64_t>(first.root, 0));
  const int calls = static_cast<int>(b.rows.size());
  const int ranks = static_cast<int>(b.rows.front().size());
  rec.iterations = calls;
  rec.ranks = ranks;
  rec.validated = "unchecked";
  rec.complete = true;
  rec.arrival_ns = results::Matrix(calls, ranks);
  rec.exit_ns = results::Matrix(calls, ranks);
  rec.clock_bound_ns = results::Matrix(calls, ranks);
  results::Matrix counts(calls, ranks);
  bool counts_vary = false;
  // Nonblocking sites: where each rank's post-to-completion went, under the names the
  // benchmark's nonblocking rows use (overlap_loop.hpp), so a replay and its capture read alike.
  const bool nonblocking = is_nonblocking(static_cast<Collective>(b.collective));
  results::Matrix compute(calls, ranks), test(calls, ranks), wait(calls, ranks),
      tests(calls, ranks), by_test(calls, ranks);
  for (int i = 0; i < calls; ++i) {
    for (int r = 0; r < ranks; ++r) {
      const CallRow& row = b.rows[static_cast<std::size_t>(i)][static_cast<std::size_t>(r)].second;
      rec.arrival_ns.at(i, r) = row.arrival_ns;
      rec.exit_ns.at(i, r) = row.exit_ns;
      rec.clock_bound_ns.at(i, r) = row.bound_ns;
      counts.at(i, r) = row.count;
      compute.at(i, r) = row.compute_ns;
      test.at(i, r) = row.test_ns;
      wait.at(i, r) = row.wait_ns;
      tests.at(i, r) = row.tests;
      by_test.at(i, r) = row.done_by_test;
      counts_vary = counts_vary || row.count != first.count;
    }
  }
  // Only when the calls of a site differ (or the ranks of a v-collective): the case's count is
  // then the first call's, and the matrix tells the rest.
  if (counts_vary) rec.metrics["count"] = std::move(counts);
  if (nonblocking) {
    rec.metrics["nbc_compute_ns"] = std::move(compute);
    rec.metrics["nbc_test_ns"] = std::move(test);
    rec.metrics["nbc_wait_ns"] = std::move(wait);
    rec.metrics["nbc_tests"] = std::move(tests);
    rec.metrics["nbc_done_before_wait"] = std::move(by_test);
  }
  return rec;
}

}  // namespace

AssembledCapture assemble_cases(std::span<const RankCalls> ranks) {
  std::map<std::string, CapturedComm> comms;
  for (const RankCalls& r : ranks) {
    for (const CallRow& row : r.rows) {
      const std::string& id = text_of(r, row.comm);
      CapturedComm& c = comms[id];
      if (c.members.empty()) c.members = parse_members(text_of(r, row.members));
      int comm_rank = -1;
      for (std::size_t k = 0; k < c.members.size(); ++k) {
        if (c.members[k] == r.world_rank) comm_rank = static_cast<int>(k);
      }
      if (comm_rank < 0) {
        throw std::runtime_error(
            fmt::format("capture: rank {} is no member of communicator {}", r.world_rank, id));
      }
      auto& slots = c.calls[row.seq];
      slots.resize(c.members.size());
      slots[static_cast<std::size_t>(comm_rank)].emplace(&r, row);
    }
  }
  AssembledCapture out;
  std::map<std::tuple<std::string, std::string, int>, CaseBuild> builds;
  for (auto& [id, c] : comms) {
    for (auto& [seq, slots] : c.calls) {
      std::vector<std::pair<const RankCalls*, CallRow>> row;
      for (const auto& s : slots) {
        if (s) row.push_back(*s);
      }
      if (row.size() != c.members.size()) {
        ++out.incomplete_calls;
        continue;
      }
      const auto& [r0, call0] = row.front();
      const std::string& site = text_of(*r0, call0.site);
      const int coll = static_cast<int>(call0.collective);
      CaseBuild& b = builds[{id, site, coll}];
      if (b.rows.empty()) {
        b.comm = id;
        b.site = site;
        b.collective = coll;
        b.first_arrival = call0.arrival_ns;
      }
      b.first_arrival = std::min(b.first_arrival, call0.arrival_ns);
      b.rows.push_back(std::move(row));
    }
  }
  std::vector<const CaseBuild*> order;
  for (const auto& [key, b] : builds) order.push_back(&b);
  std::stable_sort(order.begin(), order.end(), [](const CaseBuild* a, const CaseBuild* b) {
    return a->first_arrival < b->first_arrival;
  });
  for (const CaseBuild* b : order) out.cases.push_back(to_record(*b));
  return out;
}

}  // namespace papbench::capture
