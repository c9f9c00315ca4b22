#pragma once
// What a plot view builds: a figure of panels, each a few series of numbers, in the units the
// axes are labelled with. Views fill a Figure; gnuplot_script.cpp turns it into a gnuplot
// script and data file, gnuplot_driver.cpp runs gnuplot on them. Views never write gnuplot.

#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include "tools/report/core/result_file.hpp"

namespace papbench::report::plot {

// How a series is drawn, and so what its rows hold.
enum class Style {
  kErrorLines,  // x y low high: a line through y with error bars low..high (median and CI)
  kLines,       // x y
  kSteps,       // x y: a staircase (empirical CDF)
  kPoints,      // x y: markers only (the papers' reference values, scatter plots)
  kBoxes,       // x y width: bars centred on x
  kSegments,    // x y dx dy: line segments from (x, y) to (x + dx, y + dy), no heads
  kImage,       // x y value: a heat map on a regular (x, y) grid, colour = value
  kDots,        // x y: small filled markers (a scatter of many samples)
};

struct Series {
  std::string title;  // legend entry; empty: no entry
  Style style = Style::kLines;
  int color = 0;  // 1-based index into the palette so a paper series matches ours; 0: next
  std::vector<std::vector<double>> rows;
};

struct Axis {
  std::string label;  // with its unit: "maximum delay [ms]"
  bool log = false;
  int log_base = 10;
  std::vector<std::pair<double, std::string>> tics;  // named positions (categories); empty: auto
  double min = NAN, max = NAN;                       // the range; NaN: gnuplot chooses
  double step = NAN;                                 // distance between tics; NaN: gnuplot chooses
};

struct Panel {
  std::string title;
  Axis x, y;
  std::string color_label;                               // the colour box of a kImage series
  std::string key = "outside bottom center horizontal";  // gnuplot key position
  std::vector<Series> series;
};

struct Figure {
  std::string title;
  std::vector<Panel> panels;  // laid out in a grid, two per row
  std::string footer;         // run facts: papbench version, MPI library, ranks, nodes
};

// "papbench 0.4.0 (1a2b3c4) | Open MPI v4.1.4 | 4 ranks on 1 node": distinct values of the given
// files joined by " / " so a figure of several runs says so.
std::string run_footer(const std::vector<ResultFile>& files);

// A duration unit that keeps the largest value of a panel readable.
struct TimeUnit {
  double ns = 1;
  std::string name;  // "µs", "ms", "s"
};
TimeUnit time_unit_for(double max_ns);

// Whether values spread over more than `decades` powers of ten (and are all positive), the
// papers' cue for a log axis.
bool spans_decades(const std::vector<double>& values, double decades);

}  // namespace papbench::report::plot
