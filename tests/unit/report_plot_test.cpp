// The gnuplot source papbench-report plot generates from a Figure: what each series becomes in
// the script and the data file, and the helpers that choose units and log axes.

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "tools/report/core/gnuplot_script.hpp"
#include "tools/report/core/plot_figure.hpp"

namespace papbench::report::plot {
namespace {

std::size_t count(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) {
    ++n;
  }
  return n;
}

Figure two_series_figure() {
  Panel p;
  p.title = "reduce";
  p.x = {"maximum delay [ms]", false, 10, {}};
  p.y = {"run time [µs]", true, 10, {}};
  p.series = {{"native", Style::kErrorLines, 0, {{0, 10, 9, 11}, {1, 20, 18, 22}}},
              {"empty", Style::kLines, 0, {}},
              {"paper", Style::kPoints, 1, {{0, 12}}}};
  return {"run time", {p}, "papbench test | Fixture MPI | 4 ranks on 1 node"};
}

TEST(GnuplotString, DoublesSingleQuotesAndFlattensNewlines) {
  EXPECT_EQ(gp_string("it's"), "'it''s'");
  EXPECT_EQ(gp_string("a\nb"), "'a b'");
  EXPECT_EQ(gp_string(R"(back\slash "q")"), R"('back\slash "q"')");
}

TEST(GnuplotScript, OneIndexPerNonEmptySeriesInDataOrder) {
  const ScriptText t = gnuplot_script(two_series_figure(), Format::kSvg, "f.svg", "f.dat");
  EXPECT_NE(t.script.find("data index 0 using 1:2:3:4 with yerrorlines lt 1"), std::string::npos);
  // The empty series is left out and the next one takes index 1, in the colour it asked for.
  EXPECT_NE(t.script.find("data index 1 using 1:2 with points lt 1 pt 6"), std::string::npos);
  EXPECT_EQ(count(t.script, "data index"), 2u);
  EXPECT_EQ(t.script.find("'empty'"), std::string::npos);
  EXPECT_EQ(t.data, "0 10 9 11\n1 20 18 22\n\n\n0 12\n\n\n");
}

TEST(GnuplotScript, NamesOutputDataAxesAndFooter) {
  const ScriptText t = gnuplot_script(two_series_figure(), Format::kSvg, "f.svg", "f.dat");
  EXPECT_NE(t.script.find("set terminal svg "), std::string::npos);
  EXPECT_NE(t.script.find("noenhanced"), std::string::npos);  // "run_time" keeps its underscore
  EXPECT_NE(t.script.find("set output 'f.svg'\n"), std::string::npos);
  EXPECT_NE(t.script.find("data = 'f.dat'\n"), std::string::npos);
  EXPECT_NE(t.script.find("set xlabel 'maximum delay [ms]'\nunset logscale x\nset xrange [*:*]"),
            std::string::npos);
  EXPECT_NE(t.script.find("set ylabel 'run time [µs]'\nset logscale y 10\nset yrange [*:*]"),
            std::string::npos);
  EXPECT_NE(t.script.find("'papbench test | Fixture MPI | 4 ranks on 1 node'"), std::string::npos);
  EXPECT_NE(t.script.find("unset multiplot"), std::string::npos);
}

TEST(GnuplotScript, TerminalPerFormat) {
  const Figure f = two_series_figure();
  EXPECT_NE(gnuplot_script(f, Format::kPng, "f.png", "f.dat").script.find("set terminal pngcairo"),
            std::string::npos);
  EXPECT_NE(gnuplot_script(f, Format::kPdf, "f.pdf", "f.dat").script.find("set terminal pdfcairo"),
            std::string::npos);
}

TEST(GnuplotScript, ImageScansEndWithABlankLineAndCategoriesBecomeTics) {
  Panel p;
  p.x = {"iteration", false, 10, {{0, "first"}, {1, "it's second"}}};
  p.x.min = -0.5;
  p.x.max = 1.5;
  p.series = {{"", Style::kImage, 0, {{0, 0, 5}, {0, 1, 6}, {1, 0, 7}, {1, 1, 8}}}};
  const ScriptText t = gnuplot_script({"heat", {p}, ""}, Format::kSvg, "h.svg", "h.dat");
  EXPECT_EQ(t.data, "0 0 5\n0 1 6\n\n1 0 7\n1 1 8\n\n\n");
  EXPECT_NE(t.script.find("with image pixels notitle"), std::string::npos);
  EXPECT_NE(t.script.find("set xtics ('first' 0, 'it''s second' 1)"), std::string::npos);
  EXPECT_NE(t.script.find("set xrange [-0.5:1.5]"), std::string::npos);
}

TEST(GnuplotScript, OneXValueGetsARangeAroundIt) {
  Panel p;
  p.x = {"processes P", false, 10, {}};
  p.series = {{"a", Style::kLines, 0, {{4, 1}}}, {"b", Style::kLines, 0, {{4, 2}}}};
  const ScriptText t = gnuplot_script({"t", {p}, ""}, Format::kSvg, "f.svg", "f.dat");
  EXPECT_NE(t.script.find("set xrange [3:5]"), std::string::npos);
}

TEST(GnuplotScript, PanelsTileTwoPerRowAndAnEmptyPanelSaysSo) {
  Figure f = two_series_figure();
  f.panels.push_back(Panel{});
  f.panels.push_back(f.panels.front());
  const ScriptText t = gnuplot_script(f, Format::kSvg, "f.svg", "f.dat");
  EXPECT_EQ(count(t.script, "set origin "), 3u);
  EXPECT_NE(t.script.find("set size 0.5000, "), std::string::npos);
  EXPECT_NE(t.script.find("'no data'"), std::string::npos);
  EXPECT_EQ(count(t.script, "data index"), 4u);
  EXPECT_NE(t.script.find("data index 3 "), std::string::npos);
}

TEST(PlotFigure, TimeUnitKeepsTheLargestValueReadable) {
  EXPECT_EQ(time_unit_for(999).name, "ns");
  EXPECT_EQ(time_unit_for(1000).name, "µs");
  EXPECT_EQ(time_unit_for(2.5e6).name, "ms");
  EXPECT_EQ(time_unit_for(3e9).name, "s");
  EXPECT_EQ(time_unit_for(2.5e6).ns, 1e6);
}

TEST(PlotFigure, SpansDecadesOnlyForPositiveValues) {
  EXPECT_TRUE(spans_decades({1, 50, 200}, 2));
  EXPECT_FALSE(spans_decades({1, 50, 99}, 2));
  EXPECT_FALSE(spans_decades({0, 50, 1000}, 1));  // zero cannot go on a log axis
  EXPECT_TRUE(spans_decades({1, std::nan(""), 1000}, 2.5));
}

}  // namespace
}  // namespace papbench::report::plot
