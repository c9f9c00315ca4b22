#pragma once
// A Figure as gnuplot source: the script (terminal, layout, axes, plot commands) and the data
// file it reads (one block per series, selected with `index`). The script names the data and
// the output by their file names only, so a user can restyle and rerun it in the directory
// where --script left it.

#include <string>
#include <string_view>

#include "tools/report/core/plot_figure.hpp"

namespace papbench::report::plot {

enum class Format { kSvg, kPng, kPdf };

struct ScriptText {
  std::string script;
  std::string data;
};

ScriptText gnuplot_script(const Figure& figure, Format format, std::string_view output_name,
                          std::string_view data_name);

// A gnuplot single-quoted string literal (only ' is special: it doubles).
std::string gp_string(std::string_view text);

}  // namespace papbench::report::plot
