#pragma once
// A stand-in for libpapi, linked instead of it into counter_set_fake_papi_test, so that what
// CounterSet does with PAPI's answers (a domain granted other than asked, a start or stop that
// fails mid-run, the empty-region counts) is tested on machines where PAPI counts nothing (this
// project's CI VM: perf_event disabled, "libpfm4 no default PMU found").

#include <deque>
#include <map>
#include <string>

namespace fake_papi {

struct Knobs {
  std::map<std::string, int> events{{"FAKE::CYCLES", 0x40000001}, {"FAKE::INSTR", 0x40000002}};
  int set_domain_rc = 0;              // PAPI_set_opt(PAPI_DOMAIN)'s return (0 = PAPI_OK)
  int granted_domain = -1;            // what PAPI_get_opt reports; -1: whatever was set
  int fail_start_call = -1;           // the n-th PAPI_start (counted from 1) returns fail_rc
  int fail_stop_call = -1;            // the n-th PAPI_stop returns fail_rc
  int fail_rc = -3;                   // PAPI_ESYS
  std::deque<long long> stop_values;  // each PAPI_stop writes the next one into every event
  // Observed.
  int start_calls = 0;
  int stop_calls = 0;
  int domain_set = -1;
};

// Resets the knobs; returns them for the test to adjust.
Knobs& reset();

}  // namespace fake_papi
