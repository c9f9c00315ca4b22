#include "bench/commands/counters_command.hpp"

#include <fmt/format.h>

#include <CLI/CLI.hpp>

#include "bench/run/run_options.hpp"
#include "common/mpi_env.hpp"
#include "common/option_table.hpp"
#include "common/units.hpp"
#include "counters/counter_catalog.hpp"

namespace papbench {

CLI::App* add_counters_command(CLI::App& app, RawCountersOptions& raw) {
  CLI::App* sub = app.add_subcommand(
      "counters", "List the PAPI events this machine can count (for --counters)");
  const std::vector<OptionRow> rows = {
      {.name = "--counters-domain",
       .target = &raw.domain,
       .help = "user, kernel or all",
       .show_default = true},
      {.name = "--all",
       .target = &raw.all,
       .help = "Also list the events PAPI knows but cannot count here, with why"},
  };
  add_option_rows(*sub, rows);
  return sub;
}

int counters_command(const RawCountersOptions& raw) {
  const CounterDomain domain = parse_counter_domain("--counters-domain", raw.domain);
  // Every rank would print the same list; rank 0 speaks for the (homogeneous) job.
  if (world_rank() != 0) return 0;
  const CounterCatalog cat = list_counter_events(domain);
  if (!cat.error.empty()) {
    fmt::print("no counters: {}\n", cat.error);
    return 0;
  }
  int countable = 0, presets = 0;
  for (const auto& ev : cat.events) {
    countable += ev.countable ? 1 : 0;
    presets += ev.countable && ev.component == "preset" ? 1 : 0;
  }
  fmt::print("PAPI {}: {} of {} listed events countable here (domain {}); {} preset(s)\n",
             cat.papi_version, countable, cat.events.size(), raw.domain, presets);
  if (presets == 0) {
    fmt::print(
        "no hardware presets (PAPI_TOT_CYC, PAPI_L1_DCM, ...): typical of a VM; use the "
        "native names below\n");
  }
  for (const auto& ev : cat.events) {
    if (ev.countable) fmt::print("  {:<44} {:<10} {}\n", ev.name, ev.component, ev.description);
  }
  if (countable == 0 && !cat.disabled_components.empty()) {
    // Without this the empty list looks like a papbench fault: PAPI's perf_event component turns
    // itself off when libpfm4 knows no PMU of the CPU, software events (perf::TASK-CLOCK) included.
    fmt::print("disabled PAPI components (papi_component_avail shows the same):\n");
    for (const auto& why : cat.disabled_components) fmt::print("  {}\n", why);
  }
  if (raw.all) {
    fmt::print("not countable here:\n");
    for (const auto& ev : cat.events) {
      if (!ev.countable) fmt::print("  {:<44} {}\n", ev.name, ev.why_not);
    }
  }
  return 0;
}

}  // namespace papbench
