#pragma once
// What this machine can count: the PAPI presets and native events PAPI lists, each tried in an
// event set of its own (PAPI lists hardware events a VM cannot count), for `papbench counters`.

#include <string>
#include <vector>

#include "counters/counter_set.hpp"

namespace papbench {

struct CounterEvent {
  std::string name;
  std::string description;
  std::string component;  // "preset" or the PAPI component ("perf_event", ...)
  bool countable = false;
  std::string why_not;  // reason when not countable
};

struct CounterCatalog {
  std::string papi_version;  // empty when built without PAPI
  std::string error;         // why nothing could be listed (no PAPI, init failed)
  std::vector<CounterEvent> events;
  // "component: reason" for each PAPI component that disabled itself: why a machine whose kernel
  // offers perf events may still list none (libpfm4 finds no PMU it knows in many VMs).
  std::vector<std::string> disabled_components;
};

// Every preset and native event PAPI enumerates, probed with a start/stop in `domain`.
CounterCatalog list_counter_events(CounterDomain domain);

}  // namespace papbench
