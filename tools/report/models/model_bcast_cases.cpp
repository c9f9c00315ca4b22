#include "tools/report/models/model_bcast_cases.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <string_view>
#include <tuple>

#include "common/errors.hpp"
#include "tools/report/core/case_text.hpp"

namespace papbench::report {
namespace {

std::optional<std::string> case_param(const std::string& params, std::string_view key) {
  std::size_t pos = 0;
  while (pos <= params.size()) {
    const std::size_t end = std::min(params.find(',', pos), params.size());
    const std::string_view item(params.data() + pos, end - pos);
    if (item.size() > key.size() && item.substr(0, key.size()) == key && item[key.size()] == '=') {
      return std::string(item.substr(key.size() + 1));
    }
    pos = end + 1;
  }
  return std::nullopt;
}

// Open MPI's names of the same six algorithms ([Nuriyev2022] §4.0's naming map).
std::optional<bcast_model::Algorithm> open_mpi_bcast_algorithm(std::string_view name) {
  static const std::map<std::string_view, bcast_model::Algorithm> names = {
      {"basic_linear", bcast_model::Algorithm::kFlat},
      {"pipeline", bcast_model::Algorithm::kChain},
      {"chain", bcast_model::Algorithm::kKchain},
      {"binary_tree", bcast_model::Algorithm::kBinary},
      {"split_binary_tree", bcast_model::Algorithm::kSplitBinary},
      {"binomial", bcast_model::Algorithm::kBinomial}};
  const auto it = names.find(name);
  return it == names.end() ? std::nullopt : std::optional<bcast_model::Algorithm>(it->second);
}

std::optional<long> case_bytes(const results::CaseRecord& rec) {
  const auto elem = dtype_bytes(rec.dtype);
  if (!elem) return std::nullopt;
  return static_cast<long>(static_cast<double>(rec.count) * *elem);
}

// nullopt: not one of the six; a reason in `why` when it is one but cannot be used.
std::optional<BcastMeasurement> read_measurement(const ResultFile& file,
                                                 const results::CaseRecord& rec,
                                                 const BcastModelOptions& o, std::string& why) {
  if (rec.collective != "bcast" || rec.ranks < 1) return std::nullopt;
  BcastMeasurement m;
  if (rec.algorithm == "native") {
    const auto forced = case_param(rec.params, "force");
    if (!forced) return std::nullopt;
    const auto alg = open_mpi_bcast_algorithm(*forced);
    if (!alg) return std::nullopt;
    m.alg = *alg;
    m.library = true;
  } else if (const auto alg = bcast_model::algorithm_from_name(rec.algorithm)) {
    m.alg = *alg;
  } else {
    return std::nullopt;
  }
  const auto bytes = case_bytes(rec);
  const results::IterationSelection kept = kept_iterations(file, rec);
  const auto root = root_clock_time(rec, kept);
  const auto last = last_rank_time(rec, kept);
  if (!bytes || !root || !last) return std::nullopt;
  m.source = fmt::format("{}: {}", file.path, rec.label());
  m.ranks = rec.ranks;
  m.bytes = *bytes;
  m.options.segsize =
      std::stol(case_param(rec.params, "segsize").value_or(std::to_string(o.segment)));
  m.options.kchain_fanout = std::stoi(case_param(rec.params, "fanout").value_or("4"));
  m.options.stages = o.global_max ? bcast_model::ModelOptions::Stages::kGlobalMax
                                  : bcast_model::ModelOptions::Stages::kWindow;
  if (const auto gather = case_param(rec.params, "gather-after")) {
    m.experiment = true;
    // Eq. (17) gathers one segment per rank, the size the parameters are defined at (§5.2); a
    // gather of another size would need T_p2p at a size the model has no parameters for.
    if (std::stol(*gather) != m.options.segsize) {
      why = fmt::format("{}: gather-after={} is not the segment size {} (Eq. (17) gathers m_s)",
                        m.source, *gather, m.options.segsize);
      return std::nullopt;
    }
  }
  m.root = *root;
  m.last = *last;
  const results::RunInfo& info = file.reader.run_info();
  m.domain = static_cast<int>(info.node_index.size()) == rec.ranks
                 ? info.node_index
                 : std::vector<int>(static_cast<std::size_t>(rec.ranks), 0);
  return m;
}

// A mapping is part of the point: Table 1 measures the same flat broadcast on one node and on
// several.
auto case_point(const BcastMeasurement& m) {
  return std::tie(m.alg, m.library, m.experiment, m.ranks, m.bytes, m.domain);
}
bool same_configuration(const BcastMeasurement& a, const BcastMeasurement& b) {
  return a.options.segsize == b.options.segsize &&
         a.options.kchain_fanout == b.options.kchain_fanout;
}

void add_case(BcastCases& out, BcastMeasurement m) {
  const auto same = std::find_if(out.all.begin(), out.all.end(), [&](const BcastMeasurement& e) {
    return case_point(e) == case_point(m);
  });
  if (same == out.all.end()) {
    out.all.push_back(std::move(m));
    return;
  }
  if (!same_configuration(*same, m)) {
    throw RefusedInputError(fmt::format(
        "model bcast: {} at P = {}, m = {} B comes in two configurations (segment size or "
        "fanout): '{}' and '{}'; the model takes one per algorithm: give the files of one",
        bcast_model::algorithm_name(m.alg), m.ranks, m.bytes, same->source, m.source));
  }
  same->root.pool(m.root);
  same->last.pool(m.last);
  same->refs.insert(same->refs.end(), m.refs.begin(), m.refs.end());
  ++same->cases;
  ++out.pooled;
}

}  // namespace

BcastCases read_bcast_cases(std::span<const ResultFile> files, const BcastModelOptions& o) {
  BcastCases out;
  for (const ResultFile& f : files) {
    out.virtual_nodes = out.virtual_nodes || f.reader.run_info().nodes_virtual;
    const auto& records = f.reader.cases();
    for (std::size_t i = 0; i < records.size(); ++i) {
      const results::CaseRecord& rec = records[i];
      if (rec.collective == "bcast" && rec.algorithm == "native" && rec.params.empty()) {
        const auto bytes = case_bytes(rec);
        const auto last = last_rank_time(rec, kept_iterations(f, rec));
        if (bytes && last) {
          const auto [it, fresh] = out.library_default.try_emplace(
              {rec.ranks, *bytes, f.reader.run_info().node_index}, *last);
          if (!fresh) {
            it->second.pool(*last);
            ++out.pooled;
          }
        }
      }
      std::string why;
      if (auto m = read_measurement(f, rec, o, why)) {
        m->refs.push_back({&f, i});
        add_case(out, std::move(*m));
      }
      if (!why.empty()) out.left_out.push_back(std::move(why));
    }
  }
  return out;
}

}  // namespace papbench::report
