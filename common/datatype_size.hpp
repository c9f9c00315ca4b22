#pragma once
// The size in bytes of the element types papbench names (--dtype, and what capture records), by
// name, so that layers without MPI (results, the reports) can show a block's bytes. The datatype
// table of collectives/core/workload.cpp is the one that runs; a unit test keeps the two equal.

#include <cstddef>
#include <optional>
#include <string_view>

namespace papbench {

// nullopt for a name papbench does not know (a result file may hold any string).
std::optional<std::size_t> datatype_size(std::string_view name);

}  // namespace papbench
