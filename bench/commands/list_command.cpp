#include "bench/commands/list_command.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>
#include <vector>

#include "collectives/core/registry.hpp"
#include "collectives/core/smpi_support.hpp"
#include "collectives/core/workload.hpp"
#include "common/choice.hpp"
#include "common/option_table.hpp"

namespace papbench {
namespace {

std::string type_name(OptionType t) {
  switch (t) {
    case OptionType::kInteger:
      return "integer";
    case OptionType::kBytes:
      return "bytes";
    case OptionType::kDuration:
      return "duration";
    case OptionType::kChoice:
      break;
  }
  return "choice";
}

std::vector<std::string> restriction_texts(const AlgorithmInfo& a) {
  std::vector<std::string> out;
  const AlgRestrictions& r = a.restrictions;
  if (a.needs_pat) out.emplace_back("PAT thread (MPI_THREAD_MULTIPLE)");
  if (r.commutative_only) out.emplace_back("commutative ops only");
  if (r.min_nodes > 1) out.push_back(fmt::format(">= {} nodes", r.min_nodes));
  if (r.min_ranks > 1 || r.max_ranks > 0) {
    out.push_back(r.max_ranks > 0 ? fmt::format("{}..{} ranks", r.min_ranks, r.max_ranks)
                                  : fmt::format(">= {} ranks", r.min_ranks));
  }
  return out;
}

// How an algorithm follows the arrival pattern: from predicted arrival times (the PAT runtime),
// from the order the ranks arrived in (a path chosen at run time), or not at all.
std::string_view arrival_text(const AlgorithmInfo& a) {
  if (a.needs_pat) return "predicted arrival times (PAT)";
  if (a.arrival_dependent) return "order of arrival";
  return "no";
}

std::string default_text(const AlgOptionSpec& o) {
  if (!o.default_value.empty()) return std::string(o.default_value);
  return o.effective != nullptr ? "derived" : "none";
}

nlohmann::json option_json(const AlgOptionSpec& o) {
  nlohmann::json j = {
      {"name", o.name},
      {"type", type_name(o.type)},
      {"default",
       o.default_value.empty() ? nlohmann::json(nullptr) : nlohmann::json(o.default_value)},
      {"accepted", accepted_values(o)},
      {"help", o.help},
      {"samples", std::vector<std::string_view>(o.samples.begin(), o.samples.end())}};
  if (!o.flag.empty()) j["flag"] = o.flag;
  if (!o.excludes.empty()) j["excludes"] = o.excludes;
  if (!o.needs_option.empty()) j["needs_option"] = o.needs_option;
  if (o.supported != nullptr) {
    const SupportedValues s = o.supported();
    j["supported"] = s.values;
    j["supported_via"] = s.via;
  }
  return j;
}

std::string list_json(std::string_view only) {
  nlohmann::json collectives = nlohmann::json::array();
  for (const CollectiveInfo& c : collective_table()) {
    if (!only.empty() && c.name != only) continue;
    nlohmann::json algs = nlohmann::json::array();
    for (const AlgorithmInfo& a : algorithm_registry()) {
      if (a.collective != c.name) continue;
      nlohmann::json options = nlohmann::json::array();
      for (const AlgOptionSpec& o : a.options) options.push_back(option_json(o));
      algs.push_back({{"name", a.name},
                      {"summary", a.summary},
                      {"source", a.source},
                      {"needs_pat", a.needs_pat},
                      {"arrival_dependent", a.arrival_dependent},
                      {"smpi", smpi_support_text(a)},
                      {"restrictions",
                       {{"commutative_only", a.restrictions.commutative_only},
                        {"min_nodes", a.restrictions.min_nodes},
                        {"min_ranks", a.restrictions.min_ranks},
                        {"max_ranks", a.restrictions.max_ranks}}},
                      {"options", options}});
    }
    collectives.push_back({{"name", c.name},
                           {"summary", c.summary},
                           {"intergroup", c.intergroup},
                           {"algorithms", algs}});
  }
  return nlohmann::json{{"collectives", collectives}}.dump(2) + "\n";
}

std::string list_text(std::string_view only) {
  std::string out;
  for (const CollectiveInfo& c : collective_table()) {
    if (!only.empty() && c.name != only) continue;
    out +=
        fmt::format("{}{}  — {}\n", c.name, c.intergroup ? " (intercommunicator)" : "", c.summary);
    for (const AlgorithmInfo& a : algorithm_registry()) {
      if (a.collective != c.name) continue;
      out += fmt::format("    {:<14} {}  — {}\n", a.name, a.summary, a.source);
      for (const AlgOptionSpec& o : a.options) {
        out += fmt::format("    {:<14}   option {}={} (default {}; {}): {}\n", "", o.name,
                           type_name(o.type), default_text(o), accepted_values(o), o.help);
      }
      if (const auto r = restriction_texts(a); !r.empty()) {
        out += fmt::format("    {:<14}   needs: {}\n", "", fmt::join(r, ", "));
      }
      if (a.needs_pat || a.arrival_dependent) {
        out += fmt::format("    {:<14}   adapts to: {}\n", "", arrival_text(a));
      }
      // Every build says it, so that a user plans a simulated run before building for SMPI.
      if (const std::string smpi = smpi_support_text(a); smpi != "yes") {
        out += fmt::format("    {:<14}   under SMPI: {}\n", "", smpi);
      }
      for (const AlgOptionSpec& o : a.options) {
        if (o.supported == nullptr) continue;
        const SupportedValues s = o.supported();
        if (s.via.empty()) {
          out += fmt::format("    {:<14}   {}: this MPI library offers no such variable\n", "",
                             o.name);
        } else if (s.values.empty()) {
          out += fmt::format("    {:<14}   {}: this library's {}\n", "", o.name, s.via);
        } else {
          out += fmt::format("    {:<14}   {} names of this library ({}): {}\n", "", o.name, s.via,
                             fmt::join(s.values, ", "));
        }
      }
    }
  }
  out += "\nOptions: --alg NAME:key=value[,key=value] (e.g. --alg radixk:radix=2,radixk:radix=8)\n";
  return out;
}

// Markdown cells must not break the table.
std::string cell(std::string_view text) {
  std::string out;
  for (char ch : text) {
    if (ch == '|') out += '\\';
    out += ch;
  }
  return out;
}

std::string list_markdown() {
  std::string out;
  for (const CollectiveInfo& c : collective_table()) out += algorithms_markdown(c.name) + "\n";
  return out + options_markdown();
}

}  // namespace

std::string markdown_begin_marker(std::string_view block) {
  return fmt::format("<!-- registry:{} -->", block);
}

std::string algorithms_markdown(std::string_view collective) {
  std::string out = markdown_begin_marker(collective) + "\n";
  out += "| algorithm | summary | options | needs | adapts to | source |\n";
  out += "|-----------|---------|---------|-------|-----------|--------|\n";
  for (const AlgorithmInfo& a : algorithm_registry()) {
    if (a.collective != collective) continue;
    std::vector<std::string> options;
    for (const AlgOptionSpec& o : a.options) options.push_back(fmt::format("`{}`", o.name));
    out += fmt::format("| {} | {} | {} | {} | {} | {} |\n", a.name, cell(a.summary),
                       fmt::join(options, ", "),
                       cell(fmt::format("{}", fmt::join(restriction_texts(a), ", "))),
                       arrival_text(a), cell(a.source));
  }
  return out + std::string(kMarkdownEndMarker) + "\n";
}

std::string options_markdown() {
  std::string out = markdown_begin_marker("options") + "\n";
  out += "| algorithm | option | shorthand | values | default | what it does |\n";
  out += "|-----------|--------|-----------|--------|---------|--------------|\n";
  for (const AlgorithmInfo& a : algorithm_registry()) {
    for (const AlgOptionSpec& o : a.options) {
      out += fmt::format(
          "| {} | `{}` | {} | {} | {} | {} |\n", a.full_name(), o.name,
          o.flag.empty() ? "" : fmt::format("`{}`", o.flag),
          cell(accepted_values(o)) +
              (o.excludes.empty() ? "" : fmt::format("; excludes `{}`", o.excludes)) +
              (o.needs_option.empty() ? "" : fmt::format("; needs `{}`", o.needs_option)),
          default_text(o), cell(o.help));
    }
  }
  return out + std::string(kMarkdownEndMarker) + "\n";
}

std::string list_algorithms(ListFormat format, std::string_view collective) {
  switch (format) {
    case ListFormat::kJson:
      return list_json(collective);
    case ListFormat::kMarkdown:
      return list_markdown();
    case ListFormat::kText:
    case ListFormat::kNames:
      break;
  }
  return list_text(collective);
}

CLI::App* add_list_command(CLI::App& app, RawListOptions& raw) {
  CLI::App* list = app.add_subcommand(
      "list", "List every collective and algorithm, with options, restrictions and sources");
  const std::vector<OptionRow> rows = {
      {.name = "--format",
       .target = &raw.format,
       .help = "text, json, markdown (docs/ALGORITHMS.md's tables) or names (one collective's "
               "algorithms as a comma list)",
       .show_default = true},
      {.name = "--collective", .target = &raw.collective, .help = "Only this collective"},
  };
  add_option_rows(*list, rows);
  return list;
}

int list_command(const RawListOptions& raw) {
  const ListFormat format = parse_choice<ListFormat>("--format", raw.format,
                                                     {{"text", ListFormat::kText},
                                                      {"json", ListFormat::kJson},
                                                      {"markdown", ListFormat::kMarkdown},
                                                      {"names", ListFormat::kNames}});
  if (raw.collective.empty()) {
    if (format == ListFormat::kNames) throw UsageError("--format names: needs --collective NAME");
    fmt::print("{}", list_algorithms(format));
    return 0;
  }
  if (find_collective(raw.collective) == nullptr) {
    std::vector<std::string_view> names;
    for (const CollectiveInfo& c : collective_table()) names.push_back(c.name);
    throw UsageError(fmt::format("--collective: '{}' is not a collective; accepted: {}",
                                 raw.collective, fmt::join(names, ", ")));
  }
  switch (format) {
    case ListFormat::kNames:
      fmt::print("{}\n", fmt::join(algorithms_of(raw.collective), ","));
      break;
    case ListFormat::kMarkdown:
      fmt::print("{}", algorithms_markdown(raw.collective));
      break;
    case ListFormat::kJson:
    case ListFormat::kText:
      fmt::print("{}", list_algorithms(format, raw.collective));
      break;
  }
  return 0;
}

}  // namespace papbench
