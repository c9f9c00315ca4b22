#pragma once
// A case's recorded params ("inter=mpich-isend,copyout=memcpy", results::CaseRecord::params) as
// key -> value, for the views that pick cases by an algorithm's options. Items without '=' carry
// no option and are skipped.

#include <algorithm>
#include <map>
#include <string>

namespace papbench::report {

inline std::map<std::string, std::string> parse_case_params(const std::string& params) {
  std::map<std::string, std::string> out;
  std::size_t start = 0;
  while (start < params.size()) {
    const std::size_t end = std::min(params.find(',', start), params.size());
    const std::string item = params.substr(start, end - start);
    if (const std::size_t eq = item.find('='); eq != std::string::npos)
      out[item.substr(0, eq)] = item.substr(eq + 1);
    start = end + 1;
  }
  return out;
}

}  // namespace papbench::report
