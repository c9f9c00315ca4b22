#pragma once
// `papbench-report table clv-table1 FILE...`: [ProficzOcetkiewicz2021] Table 1 (§5.7) from the HDF5
// files of `papbench schedgen` (not result sets: docs/SCHEDGEN.md). Per pattern and P = N, the
// mean speedup of the segment tree over linear and over pairing heaps, mean(X) / mean(segtree),
// each with the confidence of a two-sided Welch t-test of X's times against segtree's, beside
// the paper's numbers.

#include <optional>
#include <string>
#include <vector>

#include "tools/report/core/table_format.hpp"

namespace papbench::report {

// The paper's Table 1 entry, nullopt where the paper has no row for P.
struct ClvTable1Paper {
  double uniform_linear, uniform_pairing, skewed_linear, skewed_pairing;
};
std::optional<ClvTable1Paper> clv_table1_paper(int P);

// "99.9%", "99%", "98%", "95%", "90%": the highest of the paper's kind of levels that the
// p-value reaches (p < 1 - level); "<90%" otherwise, "n/a" for NaN.
std::string confidence_level(double p);

// Throws UsageError naming the file for a missing, foreign or damaged file, and for a
// (pattern, P) given by two files.
Report build_clv_table1(const std::vector<std::string>& paths);

}  // namespace papbench::report
