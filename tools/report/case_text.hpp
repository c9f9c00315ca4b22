#pragma once
// How a case is named in every view: its position among the file's complete cases and
// CaseRecord::label(), plus the run facts a reader needs before trusting its numbers.

#include <cstddef>
#include <optional>
#include <string>

#include "results/result_set.hpp"

namespace papbench::report {

// Iterations in which some rank missed the agreed start (their timings include that delay).
int late_iterations(const results::CaseRecord& record);

// Timed iterations whose output was checked / checked and found wrong; -1 for a file older than
// format 1.3, which did not record them.
int validated_iterations(const results::CaseRecord& record);
int failed_iterations(const results::CaseRecord& record);

// "[3] reduce/native count=1Ki int sum root=0 uniform maxdelay=50ms"
std::string case_title(std::size_t index, const results::CaseRecord& record);

// "10 iterations, 0 late, validation pass (10 checked)"
std::string case_facts(const results::CaseRecord& record);

// Bytes per element of papbench's datatypes (collectives/core/workload.cpp's table; the report
// tool does not link MPI, so the sizes are repeated here); nullopt for an unknown name.
std::optional<double> dtype_bytes(const std::string& name);

}  // namespace papbench::report
