#pragma once
// Why no case of one side matches a case of the other: the fields of their match keys
// (results::CaseRecord::match_key, "name=value|name=value...") in which the sides differ, so that
// `compare` can name them ("collective: reduce vs allreduce") instead of printing an empty table.

#include <string>
#include <vector>

namespace papbench::report {

// One "field: A's values vs B's values" per key field whose values the sides do not share (none
// in common); when every field shares a value (the combinations differ), the fields whose sets
// of values differ. Values are listed in first-seen order, at most a few of them.
std::vector<std::string> key_differences(const std::vector<std::string>& keys_a,
                                         const std::vector<std::string>& keys_b);

}  // namespace papbench::report
