#pragma once
// Runs gnuplot on a Figure: the script and its data go to a private temporary directory beside
// the output, gnuplot renders there, and only a complete figure replaces --out (a failed render
// leaves the old figure alone). With keep_script the script and data stay beside the figure as
// NAME.gp and NAME.dat.

#include <filesystem>
#include <string>

#include "tools/report/core/gnuplot_script.hpp"
#include "tools/report/core/plot_figure.hpp"

namespace papbench::report::plot {

struct RenderOptions {
  std::filesystem::path out;
  Format format = Format::kSvg;
  bool keep_script = false;
};

// The gnuplot executable: $PAPBENCH_GNUPLOT, else `gnuplot` on PATH. Throws UsageError naming
// the Debian package when there is none.
std::filesystem::path find_gnuplot();

// Writes the figure (and with keep_script its .gp and .dat) beside options.out, which the caller
// has checked (run_plot's check_plot_outputs: a writable directory, no input, --force); throws
// Error with gnuplot's messages when gnuplot fails, leaving any old figure as it was.
void render(const Figure& figure, const RenderOptions& options);

}  // namespace papbench::report::plot
