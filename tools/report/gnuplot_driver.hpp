#pragma once
// Runs gnuplot on a Figure: the script and its data go to a private temporary directory beside
// the output, gnuplot renders there, and only a complete figure replaces --out (a failed render
// leaves the old figure alone). With keep_script the script and data stay beside the figure as
// NAME.gp and NAME.dat.

#include <filesystem>
#include <string>

#include "tools/report/gnuplot_script.hpp"
#include "tools/report/plot_figure.hpp"

namespace papbench::report::plot {

struct RenderOptions {
  std::filesystem::path out;
  Format format = Format::kSvg;
  bool keep_script = false;
};

// The gnuplot executable: $PAPBENCH_GNUPLOT, else `gnuplot` on PATH. Throws UsageError naming
// the Debian package when there is none.
std::filesystem::path find_gnuplot();

// Throws UsageError for an --out whose directory does not exist, Error with gnuplot's messages
// when gnuplot fails.
void render(const Figure& figure, const RenderOptions& options);

}  // namespace papbench::report::plot
