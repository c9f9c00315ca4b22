#pragma once
// compute:XTIME — no planned delay at all: each rank runs the balanced loop of Listing 3.2
// XTIME times after the agreed start, and its arrival is whatever the machine makes of that.

#include <cstdint>
#include <memory>
#include <string_view>

#include "imbalance/arrival_pattern.hpp"

namespace papbench {

// Parses the XTIME of "compute:XTIME": a non-negative integer, optionally with a k suffix
// (40k = 40000). Throws UsageError naming --pattern.
std::int64_t parse_compute_xtime(std::string_view spec);

std::unique_ptr<ArrivalPattern> make_compute_pattern(std::int64_t xtime);

}  // namespace papbench
