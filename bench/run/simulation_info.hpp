#pragma once
// What a result set records about the simulation it was measured in (SMPI build only): SimGrid's
// version, the platform file as smpirun was given it with the file's SHA-1, and the simulator's
// configuration (the --cfg options smpirun passed on) and the rate local copies are charged at. The
// result set's `simulation` attribute (docs/RESULTS_FORMAT.md); `papbench-report summary` prints
// it.

#include <optional>
#include <span>
#include <string>

namespace papbench {

// smpimain's command line, as smpirun 3.32 runs it: the simulator, the program, its --cfg and
// --log options, the platform file, then the program's own arguments. Returns the description,
// e.g. "SimGrid version 3.32; platform jobs/platforms/cluster-10gbe.xml (sha1 ab12...); --cfg=
// smpi/simulate-computation:no ...". A platform that cannot be read gives "(unreadable)" for its
// hash.
std::string describe_simulation(std::span<const std::string> smpimain_argv,
                                std::string_view simgrid_version);

// Under SMPI: describe_simulation of this process's command line (/proc/self/cmdline: every
// simulated rank is a thread of smpimain), then what local copies and combines are charged
// (local_work::describe_charge). Elsewhere: nothing.
std::optional<std::string> this_simulation();

}  // namespace papbench
