#include "counters/counter_set.hpp"

#include <fmt/format.h>

#include <stdexcept>

#ifdef PAPBENCH_HAVE_PAPI
#include <papi.h>
#endif

namespace papbench {

#ifdef PAPBENCH_HAVE_PAPI
namespace {

std::string papi_error(int rc) {
  return PAPI_strerror(rc);
}

void init_library_once() {
  static const int rc = PAPI_library_init(PAPI_VER_CURRENT);
  if (rc != PAPI_VER_CURRENT) {
    throw std::runtime_error(
        fmt::format("PAPI_library_init failed: {}", rc > 0 ? "version mismatch" : papi_error(rc)));
  }
}

int papi_domain(CounterDomain d) {
  switch (d) {
    case CounterDomain::kUser:
      return PAPI_DOM_USER;
    case CounterDomain::kKernel:
      return PAPI_DOM_KERNEL;
    case CounterDomain::kAll:
      return PAPI_DOM_ALL;
  }
  return PAPI_DOM_USER;
}

}  // namespace

bool CounterSet::papi_compiled_in() {
  return true;
}

void CounterSet::init_library() {
  init_library_once();
}

CounterSet::CounterSet(std::span<const std::string> events, CounterDomain domain) {
  if (events.empty()) return;
  try {
    init_library_once();
  } catch (const std::exception& e) {
    for (const auto& ev : events) unavailable_.push_back(fmt::format("{}: {}", ev, e.what()));
    return;
  }
  if (int rc = PAPI_create_eventset(&event_set_); rc != PAPI_OK) {
    for (const auto& ev : events) unavailable_.push_back(fmt::format("{}: {}", ev, papi_error(rc)));
    event_set_ = -1;
    return;
  }
  // The domain must be set before events are added; perf software events accept any domain.
  PAPI_assign_eventset_component(event_set_, 0);
  PAPI_option_t opt{};
  opt.domain.eventset = event_set_;
  opt.domain.domain = papi_domain(domain);
  PAPI_set_opt(PAPI_DOMAIN, &opt);
  for (const auto& ev : events) {
    int code = 0;
    if (int rc = PAPI_event_name_to_code(ev.c_str(), &code); rc != PAPI_OK) {
      unavailable_.push_back(fmt::format("{}: {}", ev, papi_error(rc)));
      continue;
    }
    if (int rc = PAPI_add_event(event_set_, code); rc != PAPI_OK) {
      unavailable_.push_back(fmt::format("{}: {}", ev, papi_error(rc)));
      continue;
    }
    available_.push_back(ev);
  }
  scratch_.resize(available_.size());
}

CounterSet::~CounterSet() {
  if (event_set_ < 0) return;
  if (running_) PAPI_stop(event_set_, scratch_.data());
  PAPI_cleanup_eventset(event_set_);
  PAPI_destroy_eventset(&event_set_);
}

void CounterSet::start() {
  if (available_.empty()) return;
  if (int rc = PAPI_start(event_set_); rc != PAPI_OK) {
    throw std::runtime_error(fmt::format("PAPI_start failed: {}", papi_error(rc)));
  }
  running_ = true;
}

void CounterSet::stop(std::span<std::int64_t> values) {
  if (available_.empty()) return;
  if (int rc = PAPI_stop(event_set_, scratch_.data()); rc != PAPI_OK) {
    throw std::runtime_error(fmt::format("PAPI_stop failed: {}", papi_error(rc)));
  }
  running_ = false;
  for (std::size_t i = 0; i < scratch_.size() && i < values.size(); ++i) values[i] = scratch_[i];
}

#else

bool CounterSet::papi_compiled_in() {
  return false;
}

void CounterSet::init_library() {
  throw std::runtime_error("built without PAPI");
}

CounterSet::CounterSet(std::span<const std::string> events, CounterDomain) {
  for (const auto& ev : events) unavailable_.push_back(fmt::format("{}: built without PAPI", ev));
}
CounterSet::~CounterSet() = default;
void CounterSet::start() {}
void CounterSet::stop(std::span<std::int64_t>) {}

#endif

}  // namespace papbench
