#pragma once
// Hockney's model T(m) = alpha + beta * m fitted by ordinary least squares to one-way ping-pong
// times ([Hockney1994]; [Proficz2020] §3; docs/MODEL.md). Pure: no files, no MPI.

#include <optional>
#include <span>
#include <string>

#include "models/proficz_equations.hpp"

namespace papbench::report {

struct PingpongPoint {
  double bytes = 0;       // message size
  double one_way_ns = 0;  // half the round trip
};

struct HockneyFit {
  proficz::Hockney model;
  double r_squared = 0;  // 1 - SS_res / SS_tot; 1 when every time is the same and fitted exactly
  int points = 0;
  double min_bytes = 0, max_bytes = 0;  // range the fit saw
};

// Least squares over the points. Throws std::invalid_argument unless at least two distinct
// message sizes are given (a line needs two).
HockneyFit fit_hockney(std::span<const PingpongPoint> points);

// Two segments split at `split_bytes` (an eager/rendezvous threshold, docs/MODEL.md): messages of
// at most split_bytes fit `small`, larger ones `large`. Without a split both are the one fit.
struct HockneyModel {
  HockneyFit small, large;
  std::optional<double> split_bytes;
  const HockneyFit& segment(double bytes) const {
    return split_bytes && bytes > *split_bytes ? large : small;
  }
};

// Throws std::invalid_argument naming the segment that lacks two distinct sizes.
HockneyModel fit_hockney_model(std::span<const PingpongPoint> points,
                               std::optional<double> split_bytes);

}  // namespace papbench::report
