#pragma once
// `papbench-report pap` on a capture (libpapbench-capture.so, docs/CAPTURE.md): per call site,
// what the application's imbalance cost it, and with --suggest the papbench command line that
// replays each site.

#include <string>

#include "tools/report/core/result_file.hpp"
#include "tools/report/core/table_format.hpp"

namespace papbench::report {

// Whether the file is a capture (root attribute result_kind = "capture").
bool is_capture(const ResultFile& file);
// A capture case's params hold "site=SITE comm=COMM" (docs/CAPTURE.md, "The file"): the value of
// `key`, "" if absent.
std::string capture_param(const std::string& params, const std::string& key);
// One row per case (= communicator, site, collective) of a capture, under the run's meta and
// the capture's own (calls, overhead).
Section capture_site_section(const ResultFile& file, bool suggest);

}  // namespace papbench::report
