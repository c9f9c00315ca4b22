#pragma once
// `papbench list`: every collective and algorithm of the registry with its summary, source,
// options (default and accepted values) and restrictions, as text, JSON or the Markdown tables
// of docs/ALGORITHMS.md (a unit test keeps those equal to the registry).

#include <string>
#include <string_view>

#include "common/cli_fwd.hpp"

namespace papbench {

// kNames: the algorithm names of one collective as a comma list, for scripts and tests that
// iterate the registry (`--alg "$(papbench list --collective reduce --format names)"`).
enum class ListFormat { kText, kJson, kMarkdown, kNames };

struct RawListOptions {
  std::string format = "text";
  std::string collective;  // only this one (required by names)
};
CLI::App* add_list_command(CLI::App& app, RawListOptions& raw);
// Needs no MPI.
int list_command(const RawListOptions& raw);

// Every collective, or only `collective` (kText and kJson).
std::string list_algorithms(ListFormat format, std::string_view collective = {});

// The Markdown blocks of docs/ALGORITHMS.md: a collective's algorithm table, and the table of
// every algorithm option; each framed by the marker lines that locate it in the document.
std::string algorithms_markdown(std::string_view collective);
std::string options_markdown();
std::string markdown_begin_marker(std::string_view block);  // "<!-- registry:reduce -->"
inline constexpr std::string_view kMarkdownEndMarker = "<!-- /registry -->";

}  // namespace papbench
