#pragma once
// A PAPI event set for the calling thread. Events that this machine cannot count (VMs have no
// hardware presets) are recorded as unavailable and skipped, never fatal.

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace papbench {

enum class CounterDomain { kUser, kKernel, kAll };

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

  void start();
  // Stops and writes one value per available() event.
  void stop(std::span<std::int64_t> values);

  static bool papi_compiled_in();
  // Initializes PAPI once per process; throws std::runtime_error when it cannot.
  static void init_library();

 private:
  int event_set_ = -1;
  bool running_ = false;
  std::vector<std::string> available_;
  std::vector<std::string> unavailable_;
  std::vector<long long> scratch_;
};

}  // namespace papbench
