#pragma once
// `papbench-report model intergroup`: [Kang2019]'s Eqs. (1)-(5) for one group shape typed on the
// command line, or for every intergroup case of result sets beside its measured time; t_s and
// t_w given or fitted (Hockney) to the files' ping-pong cases (docs/MODEL.md).

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "tools/report/core/result_file.hpp"
#include "tools/report/core/table_format.hpp"

namespace papbench::report {

struct IntergroupModelOptions {
  // The shape: all four or none (then the files' intergroup cases are the shapes).
  std::optional<std::int64_t> p, q;
  std::optional<std::uint64_t> ka_bytes, kb_bytes;  // per-process (nominal) blocks
  std::string dist;                                 // "" (Allgather) or an Allgatherv distribution
  // The datatype the blocks are made of: --dist spreads whole elements, as runs do.
  std::string dtype = "int";
  std::string setting;  // "" or S1..S8: checks the shape is the setting's / selects cases
  // Given link parameters; both or neither (then fitted to the files' ping-pong cases).
  std::optional<double> ts_ns, tw_ns_per_byte;
};

// Throws UsageError for an incomplete or inconsistent option set, naming the option and what it
// accepts, and when files are given but hold no intergroup case (cases mode) or no usable
// ping-pong case where t_s and t_w are needed from them.
Report build_model_intergroup(const std::vector<ResultFile>& files,
                              const IntergroupModelOptions& options);

}  // namespace papbench::report
