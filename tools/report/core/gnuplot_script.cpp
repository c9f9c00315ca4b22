#include "tools/report/core/gnuplot_script.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>

namespace papbench::report::plot {
namespace {

// Okabe & Ito's colour-blind-safe palette, then two greys: distinct in print and on screen.
constexpr std::string_view kPalette[] = {"#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00",
                                         "#56b4e9", "#f0e442", "#000000", "#777777", "#aaaaaa"};
constexpr int kPaletteSize = static_cast<int>(std::size(kPalette));

struct Size {
  int width = 0, height = 0;  // pixels (svg, png); pdf scales them to inches at 100 px/in
};

constexpr std::size_t kMaxPixelCells = 20000;

constexpr int kPanelWidth = 640, kPanelHeight = 430, kTitleHeight = 34, kFooterHeight = 26;

std::string terminal(Format format, Size size) {
  switch (format) {
    case Format::kSvg:
      return fmt::format(
          "set terminal svg size {},{} dynamic noenhanced font 'sans,11' background rgb 'white'",
          size.width, size.height);
    case Format::kPng:
      return fmt::format(
          "set terminal pngcairo size {},{} noenhanced font 'sans,10' background rgb 'white'",
          size.width, size.height);
    case Format::kPdf:
      return fmt::format("set terminal pdfcairo size {:.2f}in,{:.2f}in noenhanced font 'sans,9'",
                         size.width / 100.0, size.height / 100.0);
  }
  return {};
}

std::string number(double v) {
  if (std::isnan(v)) return "NaN";
  return fmt::format("{:.10g}", v);
}

std::string axis_commands(const Axis& axis, char name) {
  std::string s = fmt::format("set {}label {}\n", name, gp_string(axis.label));
  if (axis.log) {
    s += fmt::format("set logscale {} {}\n", name, axis.log_base);
  } else {
    s += fmt::format("unset logscale {}\n", name);
  }
  s += fmt::format("set {}range [{}:{}]\n", name, std::isnan(axis.min) ? "*" : number(axis.min),
                   std::isnan(axis.max) ? "*" : number(axis.max));
  if (axis.tics.empty()) {
    s += std::isnan(axis.step) ? fmt::format("set {}tics autofreq\n", name)
                               : fmt::format("set {}tics {}\n", name, number(axis.step));
    s += fmt::format("set format {} '%g'\n", name);
  } else {
    std::vector<std::string> tics;
    for (const auto& [at, text] : axis.tics)
      tics.push_back(fmt::format("{} {}", gp_string(text), number(at)));
    s += fmt::format("set {}tics ({})\n", name, fmt::join(tics, ", "));
  }
  return s;
}

std::string style_clause(const Series& s, int color) {
  switch (s.style) {
    case Style::kErrorLines:
      return fmt::format("using 1:2:3:4 with yerrorlines lt {} pt 7 ps 0.6 lw 1.5", color);
    case Style::kLines:
      return fmt::format("using 1:2 with lines lt {} lw 1.5", color);
    case Style::kSteps:
      return fmt::format("using 1:2 with steps lt {} lw 1.5", color);
    case Style::kPoints:
      return fmt::format("using 1:2 with points lt {} pt 6 ps 1.6 lw 1.5", color);
    case Style::kDots:
      return fmt::format("using 1:2 with points lt {} pt 7 ps 0.35", color);
    case Style::kBoxes:
      return fmt::format("using 1:2:3 with boxes lt {} fs solid 0.75 border -1", color);
    case Style::kSegments:
      return fmt::format("using 1:2:3:4 with vectors nohead lt {} lw 3", color);
    case Style::kImage:
      // pixels: one rectangle per cell, so no viewer smooths them; a large matrix (8192 ranks x
      // 1000 iterations) would make a huge SVG that way and goes in as one embedded image.
      return s.rows.size() <= kMaxPixelCells ? "using 1:2:3 with image pixels"
                                             : "using 1:2:3 with image";
  }
  return {};
}

void append_block(std::string& data, const Series& s) {
  double previous_x = std::nan("");
  for (const std::vector<double>& row : s.rows) {
    // `with image` reads its grid scan by scan; a blank line ends one.
    if (s.style == Style::kImage && !std::isnan(previous_x) && row.front() != previous_x) {
      data += '\n';
    }
    previous_x = row.front();
    std::vector<std::string> fields;
    for (const double v : row) fields.push_back(number(v));
    data += fmt::format("{}\n", fmt::join(fields, " "));
  }
  data += "\n\n";  // two blank lines: the next `index`
}

}  // namespace

std::string gp_string(std::string_view text) {
  std::string s = "'";
  for (const char c : text) {
    if (c == '\'') s += '\'';
    if (c == '\n') {
      s += ' ';
      continue;
    }
    s += c;
  }
  return s + "'";
}

ScriptText gnuplot_script(const Figure& figure, Format format, std::string_view output_name,
                          std::string_view data_name) {
  const int n = std::max<int>(1, static_cast<int>(figure.panels.size()));
  const int cols = n == 1 ? 1 : 2;
  const int rows = (n + cols - 1) / cols;
  const Size size{cols * kPanelWidth + (n == 1 ? 160 : 0),
                  rows * kPanelHeight + kTitleHeight + kFooterHeight};
  const double title_frac = static_cast<double>(kTitleHeight) / size.height;
  const double footer_frac = static_cast<double>(kFooterHeight) / size.height;
  const double panel_w = 1.0 / cols;
  const double panel_h = (1.0 - title_frac - footer_frac) / rows;

  ScriptText out;
  std::string& s = out.script;
  s += fmt::format("# papbench-report plot: {}\n", figure.title);
  s += fmt::format("# Restyle and rerun in this directory: gnuplot {}.gp (data: {})\n",
                   std::string(data_name.substr(0, data_name.rfind('.'))), data_name);
  s += terminal(format, size) + "\n";
  s += fmt::format("set output {}\n", gp_string(output_name));
  s += fmt::format("data = {}\n", gp_string(data_name));
  s += "set encoding utf8\nset grid lc rgb '#dddddd'\nset style fill solid 0.75 border -1\n";
  // Room beside autoscaled data, so error bars and markers at the ends are not cut by the frame.
  s += "set autoscale xfix\nset autoscale yfix\n";
  s += "set offsets graph 0.03, graph 0.03, graph 0.05, graph 0.03\n";
  s += "set palette defined (0 '#440154', 1 '#3b528b', 2 '#21918c', 3 '#5ec962', 4 '#fde725')\n";
  for (int i = 0; i < kPaletteSize; ++i) {
    s += fmt::format("set linetype {} lc rgb '{}' lw 1.5\n", i + 1, kPalette[i]);
  }
  s += fmt::format("set linetype cycle {}\n", kPaletteSize);
  s += "set multiplot\n";
  s += fmt::format("set label 1001 {} at screen 0.5, screen {:.4f} center font ',13'\n",
                   gp_string(figure.title), 1.0 - title_frac * 0.55);
  s += fmt::format(
      "set label 1002 {} at screen 0.01, screen {:.4f} left font ',9' textcolor rgb '#555555'\n",
      gp_string(figure.footer), footer_frac * 0.4);

  int block = 0;
  for (std::size_t p = 0; p < figure.panels.size(); ++p) {
    const Panel& panel = figure.panels[p];
    const int col = static_cast<int>(p) % cols;
    const int row = static_cast<int>(p) / cols;
    s += fmt::format("\n# panel {}\n", p + 1);
    s += fmt::format("set origin {:.4f}, {:.4f}\nset size {:.4f}, {:.4f}\n", col * panel_w,
                     footer_frac + (rows - 1 - row) * panel_h, panel_w, panel_h);
    s += fmt::format("set title {}\n", gp_string(panel.title));
    Axis x = panel.x;
    // One x value (a run at a single P or delay) makes gnuplot warn about an empty range; give
    // it room instead.
    if (std::isnan(x.min) && std::isnan(x.max)) {
      double lo = INFINITY, hi = -INFINITY;
      for (const Series& series : panel.series) {
        for (const std::vector<double>& values : series.rows) {
          lo = std::min(lo, values.front());
          hi = std::max(hi, values.front());
        }
      }
      if (lo == hi) {
        const double pad = x.log ? lo / 2 : std::max(1.0, std::fabs(lo) * 0.1);
        x.min = lo - pad;
        x.max = hi + (x.log ? lo : pad);
      }
    }
    s += axis_commands(x, 'x');
    s += axis_commands(panel.y, 'y');
    s += fmt::format("set key {} noopaque\n", panel.key);
    s += fmt::format("set cblabel {}\n", gp_string(panel.color_label));
    std::vector<std::string> plots;
    int next_color = 1;
    for (const Series& series : panel.series) {
      if (series.rows.empty()) continue;
      const int color = series.color > 0 ? series.color : next_color;
      next_color = std::max(next_color, color + 1);
      plots.push_back(
          fmt::format("data index {} {} {}", block++, style_clause(series, color),
                      series.title.empty() ? "notitle" : "title " + gp_string(series.title)));
      append_block(out.data, series);
    }
    if (plots.empty()) {
      s += "set label 1003 'no data' at graph 0.5, graph 0.5 center\nplot NaN notitle\n";
      s += "unset label 1003\n";
    } else {
      s += fmt::format("plot {}\n", fmt::join(plots, ", \\\n     "));
    }
    if (p == 0) s += "unset label 1001\nunset label 1002\n";  // drawn once, not per panel
  }
  s += "unset multiplot\n";
  if (out.data.empty()) out.data = "# no data\n";
  return out;
}

}  // namespace papbench::report::plot
