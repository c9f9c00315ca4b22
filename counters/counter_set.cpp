#include "counters/counter_set.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <stdexcept>

#ifdef PAPBENCH_HAVE_PAPI
#include <papi.h>
#endif

namespace papbench {

namespace {

std::int64_t median(std::vector<std::int64_t> v) {
  if (v.empty()) return 0;
  const auto mid = v.begin() + static_cast<std::ptrdiff_t>(v.size() / 2);
  std::nth_element(v.begin(), mid, v.end());
  return *mid;
}

std::int64_t steady_ns() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

}  // namespace

const CounterCosts& CounterSet::calibrate(int reps) {
  CounterCosts& costs = costs_;
  costs = CounterCosts{};
  costs.empty_counts.assign(available_.size(), 0);
  if (!counting() || reps <= 0) return costs;
  std::vector<std::int64_t> start_ns, stop_ns;
  std::vector<std::vector<std::int64_t>> counts(available_.size());
  std::vector<std::int64_t> values(available_.size());
  for (int i = 0; i < reps && counting(); ++i) {
    const std::int64_t t0 = steady_ns();
    start();
    const std::int64_t t1 = steady_ns();
    stop(values);
    const std::int64_t t2 = steady_ns();
    if (!counting()) break;
    start_ns.push_back(t1 - t0);
    stop_ns.push_back(t2 - t1);
    for (std::size_t e = 0; e < values.size(); ++e) counts[e].push_back(values[e]);
  }
  costs.start_ns = median(std::move(start_ns));
  costs.stop_ns = median(std::move(stop_ns));
  for (std::size_t e = 0; e < counts.size(); ++e) costs.empty_counts[e] = median(counts[e]);
  return costs;
}

#ifdef PAPBENCH_HAVE_PAPI
namespace {

std::string papi_error(int rc) {
  const char* text = PAPI_strerror(rc);
  return text != nullptr ? text : fmt::format("PAPI error {}", rc);
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

std::string domain_name(int bits) {
  if (bits == PAPI_DOM_ALL) return "all";
  std::string name;
  constexpr std::pair<int, const char*> kBits[] = {{PAPI_DOM_USER, "user"},
                                                   {PAPI_DOM_KERNEL, "kernel"},
                                                   {PAPI_DOM_OTHER, "other"},
                                                   {PAPI_DOM_SUPERVISOR, "supervisor"}};
  for (const auto& [bit, word] : kBits) {
    if ((bits & bit) != 0) name += (name.empty() ? "" : "|") + std::string(word);
  }
  return name.empty() ? fmt::format("0x{:x}", bits) : name;
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
  std::string why;
  try {
    init_library_once();
    if (int rc = PAPI_create_eventset(&event_set_); rc != PAPI_OK) {
      event_set_ = -1;
      why = papi_error(rc);
    } else if (rc = PAPI_assign_eventset_component(event_set_, 0); rc != PAPI_OK) {
      // The domain is a property of the component; without one it cannot be set.
      why = fmt::format("PAPI_assign_eventset_component: {}", papi_error(rc));
    }
  } catch (const std::exception& e) {
    why = e.what();
  }
  if (!why.empty()) {
    for (const auto& ev : events) unavailable_.push_back(fmt::format("{}: {}", ev, why));
    return;
  }
  set_domain(domain);
  add_events(events, domain);
}

// The domain must be set before events are added. A component may refuse it (PAPI_set_opt
// fails) or grant less (perf_event_paranoid keeps kernel counts from unprivileged users), so
// the domain recorded is the one read back, never the one asked for.
void CounterSet::set_domain(CounterDomain domain) {
  PAPI_option_t opt{};
  opt.domain.eventset = event_set_;
  opt.domain.domain = papi_domain(domain);
  if (int rc = PAPI_set_opt(PAPI_DOMAIN, &opt); rc != PAPI_OK) {
    domain_refusal_ = fmt::format("PAPI_set_opt(PAPI_DOMAIN) refused it: {}", papi_error(rc));
  }
}

void CounterSet::add_events(std::span<const std::string> events, CounterDomain domain) {
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
  if (available_.empty()) return;
  PAPI_option_t opt{};
  opt.domain.eventset = event_set_;
  if (int rc = PAPI_get_opt(PAPI_DOMAIN, &opt); rc < 0) {
    domain_granted_ = fmt::format("unknown ({})", papi_error(rc));
    domain_as_requested_ = false;
    return;
  }
  domain_granted_ = domain_name(opt.domain.domain);
  domain_as_requested_ = opt.domain.domain == papi_domain(domain);
}

CounterSet::~CounterSet() {
  if (event_set_ < 0) return;
  if (running_) PAPI_stop(event_set_, scratch_.data());
  PAPI_cleanup_eventset(event_set_);
  PAPI_destroy_eventset(&event_set_);
}

void CounterSet::fail(const char* call, int rc) {
  failure_ = fmt::format("{} failed: {}", call, papi_error(rc));
  running_ = false;
}

void CounterSet::start() {
  if (!counting()) return;
  if (int rc = PAPI_start(event_set_); rc != PAPI_OK) return fail("PAPI_start", rc);
  running_ = true;
}

void CounterSet::stop(std::span<std::int64_t> values) {
  if (!counting() || !running_) return;
  if (int rc = PAPI_stop(event_set_, scratch_.data()); rc != PAPI_OK) return fail("PAPI_stop", rc);
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
