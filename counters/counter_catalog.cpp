#include "counters/counter_catalog.hpp"

#include <fmt/format.h>

#include <exception>
#include <vector>

#ifdef PAPBENCH_HAVE_PAPI
#include <papi.h>
#endif

namespace papbench {

#ifdef PAPBENCH_HAVE_PAPI
namespace {

// Adding is not enough: on a VM perf_event accepts hardware events that then fail to start.
void probe(CounterEvent& ev, CounterDomain domain) {
  const std::vector<std::string> names{ev.name};
  try {
    CounterSet set(names, domain);
    if (set.available().empty()) {
      ev.why_not = set.unavailable().empty() ? "not added" : set.unavailable().front();
      return;
    }
    std::vector<std::int64_t> values(1);
    set.start();
    set.stop(values);
    ev.countable = true;
  } catch (const std::exception& e) {
    ev.why_not = e.what();
  }
}

void add_event(CounterCatalog& cat, int code, const std::string& component, CounterDomain domain) {
  PAPI_event_info_t info{};
  if (PAPI_get_event_info(code, &info) != PAPI_OK) return;
  CounterEvent ev;
  ev.name = info.symbol;
  ev.description = info.short_descr[0] != '\0' ? info.short_descr : info.long_descr;
  ev.component = component;
  probe(ev, domain);
  cat.events.push_back(std::move(ev));
}

}  // namespace

CounterCatalog list_counter_events(CounterDomain domain) {
  CounterCatalog cat;
  try {
    CounterSet::init_library();
  } catch (const std::exception& e) {
    cat.error = e.what();
    return cat;
  }
  cat.papi_version =
      fmt::format("{}.{}.{}.{}", PAPI_VERSION_MAJOR(PAPI_VERSION), PAPI_VERSION_MINOR(PAPI_VERSION),
                  PAPI_VERSION_REVISION(PAPI_VERSION), PAPI_VERSION_INCREMENT(PAPI_VERSION));
  // Presets PAPI considers present on this CPU; each is still probed.
  int code = PAPI_PRESET_MASK;
  if (PAPI_enum_event(&code, PAPI_ENUM_FIRST) == PAPI_OK) {
    do {
      PAPI_event_info_t info{};
      if (PAPI_get_event_info(code, &info) == PAPI_OK && info.count > 0) {
        add_event(cat, code, "preset", domain);
      }
    } while (PAPI_enum_event(&code, PAPI_PRESET_ENUM_AVAIL) == PAPI_OK);
  }
  for (int cid = 0; cid < PAPI_num_components(); ++cid) {
    const PAPI_component_info_t* comp = PAPI_get_component_info(cid);
    if (comp == nullptr) continue;
    if (comp->disabled) {
      cat.disabled_components.push_back(fmt::format("{}: {}", comp->name, comp->disabled_reason));
      continue;
    }
    code = PAPI_NATIVE_MASK;
    if (PAPI_enum_cmp_event(&code, PAPI_ENUM_FIRST, cid) != PAPI_OK) continue;
    do {
      add_event(cat, code, comp->name, domain);
    } while (PAPI_enum_cmp_event(&code, PAPI_ENUM_EVENTS, cid) == PAPI_OK);
  }
  return cat;
}

#else

CounterCatalog list_counter_events(CounterDomain) {
  CounterCatalog cat;
  cat.error = "papbench was built without PAPI (install libpapi-dev and reconfigure)";
  return cat;
}

#endif

}  // namespace papbench
