#include "collectives/core/probe_wait.hpp"

#include <fmt/format.h>

#include <string>

#include "common/errors.hpp"
#include "common/mpi_env.hpp"
#include "common/smpi_platform.hpp"

namespace papbench {

void probe_wait(int source, int tag, MPI_Comm comm, MPI_Status* status) {
  if constexpr (smpi::kSimulated) {
    for (;;) {
      int found = 0;
      mpi_check(MPI_Iprobe(source, tag, comm, &found, status), "MPI_Iprobe");
      if (found != 0) return;
      smpi::sleep_ns(smpi::kPollNs);
    }
  } else {
    mpi_check(MPI_Probe(source, tag, comm, status), "MPI_Probe");
  }
}

void require_uncharged_polls(std::string_view algorithm) {
  const double iprobe_s = smpi::injected_iprobe_sleep_s();
  const double test_s = smpi::injected_test_sleep_s();
  if (iprobe_s <= 0 && test_s <= 0) return;
  std::string options;
  if (iprobe_s > 0) options += " --cfg=smpi/iprobe:0";
  if (test_s > 0) options += " --cfg=smpi/test:0";
  throw UsageError(fmt::format(
      "{} polls with MPI_Iprobe and MPI_Test while it waits, and SMPI sleeps simulated time in "
      "every such call (smpi/iprobe {} s, smpi/test {} s, more after each failed one); run "
      "smpirun with{}",
      algorithm, iprobe_s, test_s, options));
}

}  // namespace papbench
