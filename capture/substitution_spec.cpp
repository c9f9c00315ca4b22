#include "capture/substitution_spec.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>

#include "common/errors.hpp"

namespace papbench::capture {
namespace {

bool substitutable(std::string_view collective) {
  return std::ranges::find(kSubstitutableCollectives, collective) !=
         std::end(kSubstitutableCollectives);
}

// The ':' that starts COLLECTIVE= after a site: the first one followed by a substitutable
// collective's name and '=' (a demangled site name may hold "::", never ":reduce=").
std::size_t site_end(std::string_view rest) {
  for (std::size_t at = rest.find(':'); at != std::string_view::npos; at = rest.find(':', at + 1)) {
    for (std::string_view c : kSubstitutableCollectives) {
      if (rest.substr(at + 1).starts_with(fmt::format("{}=", c))) return at;
    }
  }
  return std::string_view::npos;
}

// The registry's words name --alg; here they name `option` and the item.
[[noreturn]] void rethrow_as(const UsageError& e, std::string_view option, std::string_view item) {
  std::string_view message = e.what();
  if (message.starts_with("--alg: ")) message.remove_prefix(7);
  throw UsageError(fmt::format("{}: '{}': {}", option, item, message));
}

SubstitutionRule parse_one(const std::string& item, std::string_view option) {
  const std::string form =
      "accepted: [site=SITE:]COLLECTIVE=ALG[:key=value...] with COLLECTIVE one of " +
      fmt::format("{}", fmt::join(kSubstitutableCollectives, ", "));
  SubstitutionRule rule;
  rule.text = item;
  std::string_view rest = item;
  if (rest.starts_with("site=")) {
    const std::size_t end = site_end(rest);
    if (end == std::string_view::npos || end <= 5) {
      throw UsageError(
          fmt::format("{}: '{}' names a site but no collective after it; {}", option, item, form));
    }
    rule.site = std::string(rest.substr(5, end - 5));
    rest.remove_prefix(end + 1);
  }
  const std::size_t eq = rest.find('=');
  const std::string_view named = rest.substr(0, eq);
  if (named == "gatherv" || named == "scatterv") {
    // An MPI_Gatherv with even blocks is a gather, but only the root knows the counts: the other
    // members could not decide alike without a message of their own in the application's call.
    throw UsageError(fmt::format(
        "{}: '{}': papbench has no {} algorithm (uneven blocks; `papbench list`), and a {} "
        "algorithm cannot serve its calls: only the root knows the counts, so the members could "
        "not agree without a message; {}",
        option, item, named, named.substr(0, named.size() - 1), form));
  }
  if (eq == std::string_view::npos || !substitutable(named)) {
    throw UsageError(
        fmt::format("{}: '{}' does not start with a collective; {}", option, item, form));
  }
  rule.collective = std::string(rest.substr(0, eq));
  rest.remove_prefix(eq + 1);
  const std::string name(rest.substr(0, rest.find(':')));
  AlgOptions given;
  for (std::size_t at = rest.find(':'); at != std::string_view::npos;) {
    const std::size_t next = rest.find(':', at + 1);
    const std::string_view kv = rest.substr(
        at + 1, next == std::string_view::npos ? std::string_view::npos : next - at - 1);
    const std::size_t k = kv.find('=');
    if (k == std::string_view::npos || k == 0) {
      throw UsageError(
          fmt::format("{}: '{}': option '{}' is not key=value; {}", option, item, kv, form));
    }
    given[std::string(kv.substr(0, k))] = std::string(kv.substr(k + 1));
    at = next;
  }
  const std::vector<std::string_view> accepted = substitutable_algorithms(rule.collective);
  if (std::ranges::find(accepted, name) == accepted.end()) {
    const AlgorithmInfo* row = find_algorithm(rule.collective, name);
    const std::string why =
        row == nullptr ? fmt::format("is not an algorithm of {}", rule.collective)
        : row->needs_pat
            ? "needs the PAT runtime's arrival predictions, which an unmodified application "
              "does not give (it has no marked compute phase)"
            : "is the library's own call, which every call falls through to anyway";
    throw UsageError(fmt::format("{}: '{}': '{}' {}; accepted for {}: {}", option, item, name, why,
                                 rule.collective, fmt::join(accepted, ", ")));
  }
  rule.algorithm = find_algorithm(rule.collective, name);
  for (const std::string_view harness : {"overlap-compute", "test-interval"}) {
    if (given.contains(std::string(harness))) {
      throw UsageError(fmt::format(
          "{}: '{}': option '{}' is the benchmark's (what runs between post and wait); in an "
          "application its own compute and MPI_Test calls do; accepted: {} without it",
          option, item, harness, rule.algorithm->full_name()));
    }
  }
  try {
    rule.options = resolve_options(*rule.algorithm, given);
  } catch (const UsageError& e) {
    rethrow_as(e, option, item);
  }
  return rule;
}

}  // namespace

std::vector<std::string_view> substitutable_algorithms(std::string_view collective) {
  std::vector<std::string_view> out;
  for (std::string_view name : algorithms_of(collective)) {
    const AlgorithmInfo* row = find_algorithm(collective, name);
    if (!row->needs_pat && name != "native") out.push_back(name);
  }
  return out;
}

std::vector<SubstitutionRule> parse_substitutions(std::span<const std::string> items,
                                                  std::string_view option) {
  std::vector<SubstitutionRule> rules;
  for (const std::string& item : items) {
    SubstitutionRule rule = parse_one(item, option);
    for (const SubstitutionRule& earlier : rules) {
      if (earlier.site == rule.site && earlier.collective == rule.collective) {
        throw UsageError(fmt::format("{}: '{}' and '{}' both substitute {}{}; give one", option,
                                     earlier.text, rule.text, rule.collective,
                                     rule.site.empty() ? "" : " at site " + rule.site));
      }
    }
    rules.push_back(std::move(rule));
  }
  return rules;
}

std::string join_substitutions(std::span<const std::string> items) {
  return fmt::format("{}", fmt::join(items, "\n"));
}

std::vector<std::string> split_substitutions(std::string_view value) {
  std::vector<std::string> out;
  while (!value.empty()) {
    const std::size_t nl = value.find('\n');
    const std::string_view item = value.substr(0, nl);
    if (!item.empty()) out.emplace_back(item);
    if (nl == std::string_view::npos) break;
    value.remove_prefix(nl + 1);
  }
  return out;
}

}  // namespace papbench::capture
