#pragma once
// `--pattern replay:CAPTURE.h5#N` on a capture of libpapbench-capture.so (docs/CAPTURE.md):
// the captured call site's count, datatype, op and root become the run's, unless the command
// line or experiment file gives them (a value other than the option's default).

#include "bench/run/run_option_spec.hpp"

namespace papbench {

// `raw` with those four taken from the captured case; unchanged when the pattern is not one
// replay of a capture's case, or the file cannot be read (the pattern itself then says why).
RawRunOptions with_captured_workload(RawRunOptions raw);

}  // namespace papbench
