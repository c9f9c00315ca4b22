#pragma once
// A PAPI event set for the calling thread. Events that this machine cannot count (VMs have no
// hardware presets) are recorded as unavailable and skipped, never fatal; so is a set that
// fails to start or stop in the middle of a run.
//
// PAPI counts per thread: the PAT background thread's work (the arrival exchange, an
// algorithm's background receives) is not in these counts.

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace papbench {

enum class CounterDomain { kUser, kKernel, kAll };

// What starting and stopping an empty region costs this rank, the medians of
// CounterSet::calibrate's repetitions: the time PAPI_start takes (it lies between a counted
// call's planned arrival and its arrival timestamp), the time PAPI_stop takes, and what each
// event counts with nothing between them (to subtract from a call's counts).
struct CounterCosts {
  std::int64_t start_ns = 0;
  std::int64_t stop_ns = 0;
  std::vector<std::int64_t> empty_counts;  // one per CounterSet::available() event
};

class CounterSet {
 public:
  CounterSet(std::span<const std::string> events, CounterDomain domain);
  ~CounterSet();
  CounterSet(const CounterSet&) = delete;
  CounterSet& operator=(const CounterSet&) = delete;

  // Names that are counted, in the order of the values read().
  const std::vector<std::string>& available() const { return available_; }
  // "name: reason" for each event that could not be added.
  const std::vector<std::string>& unavailable() const { return unavailable_; }
  // The counting domain PAPI reports for the set ("user", "kernel", "user|kernel|...", "all"),
  // read back after asking for the requested one; empty when nothing is counted.
  const std::string& domain_granted() const { return domain_granted_; }
  // Whether the granted domain is the one asked for (true when nothing is counted), and why not
  // when PAPI said so.
  bool domain_as_requested() const { return domain_as_requested_; }
  const std::string& domain_refusal() const { return domain_refusal_; }

  // Neither throws: a set whose start or stop fails stops counting for good, and failure()
  // says why, so the run goes on and the harness records its events as unavailable.
  void start();
  // Stops and writes one value per available() event (left as they are after a failure).
  void stop(std::span<std::int64_t> values);
  // Empty unless start() or stop() failed: "PAPI_start failed: <PAPI's reason>".
  const std::string& failure() const { return failure_; }
  bool counting() const { return !available_.empty() && failure_.empty(); }

  // Starts and stops the empty set `reps` times (outside any timed region) and returns the
  // medians, kept for costs(); all zero when nothing is counted. A failure ends it early (see
  // failure()).
  const CounterCosts& calibrate(int reps);
  const CounterCosts& costs() const { return costs_; }

  static bool papi_compiled_in();
  // Initializes PAPI once per process; throws std::runtime_error when it cannot.
  static void init_library();

 private:
  void add_events(std::span<const std::string> events, CounterDomain domain);
  void set_domain(CounterDomain domain);
  void fail(const char* call, int rc);

  int event_set_ = -1;
  bool running_ = false;
  std::vector<std::string> available_;
  std::vector<std::string> unavailable_;
  std::string domain_granted_;
  bool domain_as_requested_ = true;
  std::string domain_refusal_;
  std::string failure_;
  std::vector<long long> scratch_;
  CounterCosts costs_;
};

}  // namespace papbench
