#pragma once
// Parsing and printing of the quantities users type on the command line: durations with units,
// element counts with K/Ki/M/Mi suffixes, and comma lists with geometric or arithmetic ranges.

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "common/errors.hpp"  // UsageError, thrown for a value typed wrong

namespace papbench {

// "50ms", "1.5s", "200us", "0" (a bare 0 needs no unit). Other bare numbers are refused so that
// a forgotten unit is never silently read as seconds or nanoseconds.
std::int64_t parse_duration_ns(std::string_view text);

// "1024", "128Ki", "2M", "1Mi" -> elements. K/M/G are powers of ten, Ki/Mi/Gi powers of two.
std::uint64_t parse_count(std::string_view text);

// Comma list of items; each item may be a range FIRST:LAST:xFACTOR or FIRST:LAST:+STEP
// (inclusive of LAST when it is hit). parse_item converts one endpoint.
std::vector<std::uint64_t> parse_count_list(std::string_view text);
std::vector<std::int64_t> parse_duration_list(std::string_view text);

// Splits on commas, trimming blanks; an empty item is an error.
std::vector<std::string> split_list(std::string_view text);

// 1234567 ns -> "1.235 ms"; picks the unit that keeps 1..999 before the point.
std::string format_duration(double ns);
// format_duration without the space ("50ms"; "0" for zero), for labels.
std::string format_duration_compact(std::int64_t ns);
// Exact binary suffix form, else plain digits: 131072 -> "128Ki", 1000 -> "1000". Stored in
// result files (fft params), so its output never changes.
std::string format_count(std::uint64_t n);
// The shortest exact form parse_count reads back, with a decimal (K, M, G: x1000) or binary (Ki,
// Mi, Gi: x1024) suffix, binary on a tie: 1000000 -> "1M", 1048576 -> "1Mi", 1500 -> "1500". For
// labels, so that 1M and 1Mi read as what they are (issue 43).
std::string format_quantity(std::uint64_t n);
// Bytes the same way, with "B": 4000000 -> "4MB", 4096 -> "4KiB", 24 -> "24B".
std::string format_bytes(std::uint64_t n);
// "COUNT DTYPE (BYTES)": a block of `count` elements and its size in bytes, count x the type's
// size (datatype_size); without the bytes for a type of unknown size: "1M int (4MB)".
std::string format_count_bytes(std::uint64_t count, std::string_view dtype);

}  // namespace papbench
