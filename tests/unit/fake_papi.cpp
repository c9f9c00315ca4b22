#include "tests/unit/fake_papi.hpp"

#include <papi.h>

#include <cstdio>
#include <vector>

namespace fake_papi {
namespace {

Knobs& knobs() {
  static Knobs k;
  return k;
}

struct EventSet {
  std::vector<int> codes;
  int domain = PAPI_DOM_USER;
};

std::map<int, EventSet>& sets() {
  static std::map<int, EventSet> s;
  return s;
}

}  // namespace

Knobs& reset() {
  knobs() = Knobs{};
  sets().clear();
  return knobs();
}

}  // namespace fake_papi

using fake_papi::Knobs;

// Only the calls counter_set.cpp makes, with PAPI's signatures and return conventions.
extern "C" {

int PAPI_library_init(int version) {
  return version;
}

char* PAPI_strerror(int rc) {
  static char text[64];
  std::snprintf(text, sizeof text, "fake PAPI error %d", rc);
  return text;
}

int PAPI_create_eventset(int* set) {
  static int next = 1;
  *set = next++;
  fake_papi::sets()[*set] = {};
  return PAPI_OK;
}

int PAPI_assign_eventset_component(int set, int) {
  return fake_papi::sets().contains(set) ? PAPI_OK : PAPI_ENOEVST;
}

int PAPI_set_opt(int option, PAPI_option_t* opt) {
  Knobs& k = fake_papi::knobs();
  if (option != PAPI_DOMAIN) return PAPI_EINVAL;
  if (k.set_domain_rc != PAPI_OK) return k.set_domain_rc;
  k.domain_set = opt->domain.domain;
  fake_papi::sets()[opt->domain.eventset].domain = opt->domain.domain;
  return PAPI_OK;
}

int PAPI_get_opt(int option, PAPI_option_t* opt) {
  const Knobs& k = fake_papi::knobs();
  if (option != PAPI_DOMAIN) return PAPI_EINVAL;
  const auto& set = fake_papi::sets()[opt->domain.eventset];
  opt->domain.domain = k.granted_domain >= 0 ? k.granted_domain : set.domain;
  return PAPI_OK;
}

int PAPI_event_name_to_code(const char* name, int* code) {
  const auto& events = fake_papi::knobs().events;
  const auto it = events.find(name);
  if (it == events.end()) return PAPI_ENOEVNT;
  *code = it->second;
  return PAPI_OK;
}

int PAPI_add_event(int set, int code) {
  fake_papi::sets()[set].codes.push_back(code);
  return PAPI_OK;
}

int PAPI_start(int) {
  Knobs& k = fake_papi::knobs();
  return ++k.start_calls == k.fail_start_call ? k.fail_rc : PAPI_OK;
}

int PAPI_stop(int set, long long* values) {
  Knobs& k = fake_papi::knobs();
  if (++k.stop_calls == k.fail_stop_call) return k.fail_rc;
  long long v = 0;
  if (!k.stop_values.empty()) {
    v = k.stop_values.front();
    k.stop_values.pop_front();
  }
  for (std::size_t e = 0; e < fake_papi::sets()[set].codes.size(); ++e) values[e] = v;
  return PAPI_OK;
}

int PAPI_cleanup_eventset(int set) {
  fake_papi::sets()[set].codes.clear();
  return PAPI_OK;
}

int PAPI_destroy_eventset(int* set) {
  fake_papi::sets().erase(*set);
  *set = PAPI_NULL;
  return PAPI_OK;
}

}  // extern "C"
