#pragma once
#include <string>

namespace papbench {
// `papbench list`: every collective and algorithm of the registry, with summary and source.
std::string list_algorithms();
}  // namespace papbench
