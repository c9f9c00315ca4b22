#pragma once
// Where the PAT runtime takes a rank's arrival time from (--pat-source).

#include <string>
#include <string_view>

namespace papbench {

struct PatSource {
  enum Kind {
    // The papers' background thread ([Proficz2020] §3, [ProficzOcetkiewicz2021] §6): extrapolated
    // from the edge.
    kBgThread,
    // The planned arrival the harness knows in advance: T0 + compute + delay_i (an upper bound
    // on what prediction can achieve).
    kOracle,
    // The original Clairvoyant paper's simple moving average ([Marendic2016]): processing start
    // + mean of the last `window` measured (arrival - processing start) intervals.
    kSma,
    // The name this source had before bgthread and sma existed; still accepted.
    kPredicted = kBgThread,
  };
  Kind kind = kBgThread;
  int window = 0;  // kSma only, >= 1

  // Implicit from a Kind, so `PatSource::kOracle` reads as a source.
  constexpr PatSource(Kind k = kBgThread, int w = 0) : kind(k), window(w) {}
  bool operator==(const PatSource&) const = default;
};

// "bgthread" (or its alias "predicted") | "oracle" | "sma:W" with W >= 1; UsageError naming
// --pat-source and the accepted forms otherwise.
PatSource parse_pat_source(std::string_view text);
// The canonical name: "bgthread", "oracle" or "sma:W".
std::string pat_source_name(PatSource s);

}  // namespace papbench
