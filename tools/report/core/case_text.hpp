#pragma once
// How a case is named in every view: its position among the file's complete cases and
// CaseRecord::label(), plus the run facts a reader needs before trusting its numbers.

#include <cstddef>
#include <optional>
#include <string>

#include "results/arrival_error.hpp"
#include "results/result_set.hpp"

namespace papbench::report {

// Iterations left out for their arrivals: some rank's arrival error exceeded the tolerance
// (format 1.8), or, in older files, some rank missed the agreed start.
int late_iterations(const results::CaseRecord& record);

// "3 off plan (arrival error > 10 us: median 1.20 us, p99 40.0 us)", "0 off plan (arrival error
// median 1.20 us, p99 4.00 us, tolerance off)", or for a file older than 1.8 "2 late (missed
// start, arrival error not recorded)".
std::string arrival_text(const results::ArrivalErrorSummary& s);

// Timed iterations whose output was checked / checked and found wrong; -1 for a file older than
// format 1.3, which did not record them.
int validated_iterations(const results::CaseRecord& record);
int failed_iterations(const results::CaseRecord& record);

// "[3] reduce/native count=1Ki int sum root=0 uniform maxdelay=50ms"
std::string case_title(std::size_t index, const results::CaseRecord& record);

// "10 iterations, 0 off plan (...arrival_text...), validation pass (10 checked)"
std::string case_facts(const results::CaseRecord& record);

// Bytes per element of papbench's datatypes (collectives/core/workload.cpp's table; the report
// tool does not link MPI, so the sizes are repeated here); nullopt for an unknown name.
std::optional<double> dtype_bytes(const std::string& name);

}  // namespace papbench::report
