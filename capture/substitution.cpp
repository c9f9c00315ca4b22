#include "capture/substitution.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <map>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "capture/call_site.hpp"
#include "capture/internal_calls.hpp"
#include "capture/substitution_spec.hpp"
#include "capture/substitution_state.hpp"
#include "common/errors.hpp"
#include "common/mpi_env.hpp"
#include "topology/node_topology.hpp"

namespace papbench::capture::substitution {
namespace detail {

std::atomic<bool> g_enabled{false};

std::unique_ptr<State>& state() {
  static std::unique_ptr<State> s;
  return s;
}

bool active(Kind kind) {
  return g_enabled.load(std::memory_order_relaxed) && !InternalCalls::active() &&
         state()->kind_has_rules[kind];
}

// The site's rule: a site rule of the collective whose site is the name `papbench-report pap`
// shows, else the collective's rule without a site.
SiteEntry& entry_of(State& s, const void* site, Kind kind) {
  std::lock_guard lock(s.mutex);
  auto [it, added] = s.sites.try_emplace({site, kind});
  if (added) {
    const SubstitutionRule* general = nullptr;
    std::string name;
    for (const SubstitutionRule& r : s.rules) {
      if (r.collective != kKindNames[kind]) continue;
      if (r.site.empty()) {
        general = &r;
        continue;
      }
      if (name.empty()) name = site_name(site);
      if (r.site == name) it->second.rule = &r;
    }
    if (it->second.rule == nullptr) it->second.rule = general;
  }
  return it->second;
}

bool plain_type(State& s, MPI_Datatype t) {
  if (t == MPI_DATATYPE_NULL) return false;
  {
    std::lock_guard lock(s.mutex);
    if (auto it = s.plain_types.find(t); it != s.plain_types.end()) return it->second;
  }
  int ints = 0, addresses = 0, types = 0, combiner = 0, size = 0;
  MPI_Aint lb = 0, extent = 0;
  bool plain = PMPI_Type_get_envelope(t, &ints, &addresses, &types, &combiner) == MPI_SUCCESS &&
               combiner == MPI_COMBINER_NAMED &&
               PMPI_Type_get_extent(t, &lb, &extent) == MPI_SUCCESS &&
               PMPI_Type_size(t, &size) == MPI_SUCCESS && lb == 0 && size > 0 && extent == size;
  // Only predefined handles are remembered: a derived one may be freed and its handle reused.
  if (combiner == MPI_COMBINER_NAMED) {
    std::lock_guard lock(s.mutex);
    s.plain_types[t] = plain;
  }
  return plain;
}

std::size_t type_size(MPI_Datatype t) {
  int size = 0;
  PMPI_Type_size(t, &size);
  return static_cast<std::size_t>(size);
}

void count_fell(State& s, SiteEntry& e, const char* reason) {
  std::lock_guard lock(s.mutex);
  ++e.fell[reason];
}

const char* shape_reason(const SubstitutionRule& rule, const Args& args, MPI_Op op,
                         const char* reason) {
  if (reason != nullptr) return reason;
  const AlgRestrictions& limits = rule.algorithm->restrictions;
  int inter = 0, size = 0;
  PMPI_Comm_test_inter(args.comm, &inter);
  if (inter != 0) return "intercommunicator";
  if (args.count == 0) return "empty";
  if (limits.commutative_only && op != MPI_OP_NULL) {
    int commutative = 1;
    PMPI_Op_commutative(op, &commutative);
    if (commutative == 0) return "non-commutative op";
  }
  PMPI_Comm_size(args.comm, &size);
  if (size < limits.min_ranks || (limits.max_ranks > 0 && size > limits.max_ranks)) return "ranks";
  return nullptr;
}

CommCache& cache_of(State& s, MPI_Comm comm) {
  void* value = nullptr;
  int found = 0;
  mpi_check(PMPI_Comm_get_attr(comm, s.keyval, &value, &found), "MPI_Comm_get_attr");
  if (found != 0) return *static_cast<CommCache*>(value);
  auto cache = std::make_unique<CommCache>();
  cache->comm = comm;
  CommCache& ref = *cache;
  mpi_check(PMPI_Comm_set_attr(comm, s.keyval, cache.get()), "MPI_Comm_set_attr");
  static_cast<void>(cache.release());  // owned by the attribute now (delete_cache)
  std::lock_guard lock(s.mutex);
  s.live.push_back(&ref);
  return ref;
}

[[noreturn]] void abort_on(MPI_Comm comm, const SubstitutionRule& rule, const char* what) {
  std::fprintf(stderr, "papbench-capture: substituted %s (%s) failed: %s\n",
               rule.algorithm->full_name().c_str(), rule.text.c_str(), what);
  PMPI_Abort(comm, 1);
  std::abort();  // PMPI_Abort does not return
}

Args base_args(MPI_Comm comm, int root, MPI_Datatype dt, MPI_Op op, int count) {
  Args a;
  a.comm = comm;
  a.root = root;
  a.dtype = dt;
  a.op = op;
  a.count = count > 0 ? static_cast<std::size_t>(count) : 0;
  return a;
}

}  // namespace detail

namespace {

using namespace detail;

int delete_cache(MPI_Comm, int, void* attribute, void*) {
  const InternalCalls guard;  // the algorithms' own frees are not the application's
  std::unique_ptr<CommCache> cache(static_cast<CommCache*>(attribute));
  if (State* s = state().get()) {
    std::lock_guard lock(s->mutex);
    std::erase(s->live, cache.get());
  }
  return MPI_SUCCESS;
}

// Runs the call as its site's rule's algorithm, or `fallback` (the library's call), counted with
// its reason, where no rule covers the site or the algorithm cannot serve it. `reason` is set by
// the caller where its own arguments rule the algorithm out (datatype, the root's types).
template <class Fallback>
int serve(const void* site, Kind kind, Args args, MPI_Op op, const char* reason,
          Fallback&& fallback) {
  State& s = *state();
  SiteEntry* const entry = &entry_of(s, site, kind);
  if (entry->rule == nullptr) return fallback();
  const SubstitutionRule& rule = *entry->rule;
  const AlgRestrictions& limits = rule.algorithm->restrictions;
  reason = shape_reason(rule, args, op, reason);
  if (reason != nullptr) {
    count_fell(s, *entry, reason);
    return fallback();
  }
  const InternalCalls guard;  // the algorithm's MPI calls are neither recorded nor substituted
  Prepared* prepared = nullptr;
  try {
    CommCache& cache = cache_of(s, args.comm);
    // Collective over the communicator: every member's first blocking substituted call on it.
    if (cache.nodes == nullptr) cache.nodes = std::make_unique<topology::NodeTopology>(args.comm);
    args.nodes = cache.nodes.get();
    if (cache.nodes->node_count() < limits.min_nodes) reason = "nodes";
    for (Prepared& p : cache.prepared) {
      if (p.rule == &rule && p.count == args.count && p.dtype == args.dtype && p.op == op) {
        prepared = &p;
      }
    }
    if (reason == nullptr && prepared == nullptr) {
      if (cache.prepared.size() >= kMaxShapesPerComm) {
        reason = "shapes";
      } else {
        Prepared& p = cache.prepared.emplace_back();
        p.rule = &rule;
        p.count = args.count;
        p.dtype = args.dtype;
        p.op = op;
        p.algorithm = make_algorithm(*rule.algorithm, rule.options);
        {
          std::lock_guard lock(s.mutex);
          ++entry->prepared;
        }
        try {
          p.algorithm->prepare(args);
        } catch (const std::invalid_argument&) {
          // The algorithm refuses this shape (on every member alike: it sees the same arguments).
          p.algorithm.reset();
        }
        prepared = &p;
      }
    }
    if (reason == nullptr && prepared->algorithm == nullptr) reason = "refused by the algorithm";
    if (reason != nullptr) {
      count_fell(s, *entry, reason);
      return fallback();
    }
    prepared->algorithm->run(args);
  } catch (const std::exception& e) {
    abort_on(args.comm, rule, e.what());
  }
  std::lock_guard lock(s.mutex);
  ++entry->served;
  return MPI_SUCCESS;
}

// An own copy of an MPI_IN_PLACE input: the algorithms take separate send and receive buffers.
const void* in_place_copy(std::vector<std::byte>& copy, const void* from, std::size_t bytes) {
  copy.resize(bytes);
  if (bytes > 0) std::memcpy(copy.data(), from, bytes);
  return copy.data();
}

}  // namespace

void start() {
  const char* text = std::getenv("PAPBENCH_SUBSTITUTE");
  if (text == nullptr || *text == '\0' || state() != nullptr) return;
  const InternalCalls guard;
  auto s = std::make_unique<State>();
  try {
    s->rules = parse_substitutions(split_substitutions(text), "PAPBENCH_SUBSTITUTE");
  } catch (const UsageError& e) {
    if (comm_rank(MPI_COMM_WORLD) == 0) std::fprintf(stderr, "papbench-capture: %s\n", e.what());
    PMPI_Finalize();
    std::exit(2);
  }
  for (const SubstitutionRule& r : s->rules) {
    for (int k = 0; k < kKinds; ++k) {
      if (r.collective == kKindNames[k]) s->kind_has_rules[k] = true;
    }
  }
  mpi_check(PMPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, delete_cache, &s->keyval, nullptr),
            "MPI_Comm_create_keyval");
  state() = std::move(s);
  g_enabled = true;
}

void finish() {
  State* s = state().get();
  if (s == nullptr) return;
  g_enabled = false;
  const InternalCalls guard;
  finish_nonblocking();
  std::vector<CommCache*> live;
  {
    std::lock_guard lock(s->mutex);
    live = s->live;
  }
  for (CommCache* c : live) PMPI_Comm_delete_attr(c->comm, s->keyval);
  PMPI_Comm_free_keyval(&s->keyval);
  state().reset();
}

bool enabled() {
  return g_enabled.load(std::memory_order_relaxed);
}

std::string summary() {
  State* s = state().get();
  if (s == nullptr) return "";
  const InternalCalls guard;
  nlohmann::json mine = nlohmann::json::array();
  {
    std::lock_guard lock(s->mutex);
    for (const auto& [key, e] : s->sites) {
      if (e.rule == nullptr) continue;
      mine.push_back({{"site", site_name(key.first)},
                      {"collective", std::string(kKindNames[key.second])},
                      {"algorithm", e.rule->algorithm->full_name()},
                      {"rule", e.rule->text},
                      {"served", e.served},
                      {"prepared", e.prepared},
                      {"fell", e.fell}});
    }
  }
  const std::vector<std::string> all = allgather_strings(MPI_COMM_WORLD, mine.dump());
  if (comm_rank(MPI_COMM_WORLD) != 0) return "";
  // Summed over ranks per (site, collective): rank-calls.
  std::map<std::pair<std::string, std::string>, nlohmann::json> merged;
  for (const std::string& text : all) {
    for (const nlohmann::json& e : nlohmann::json::parse(text)) {
      nlohmann::json& m = merged[{e["site"], e["collective"]}];
      if (m.is_null()) {
        m = {{"site", e["site"]},
             {"collective", e["collective"]},
             {"algorithm", e["algorithm"]},
             {"rule", e["rule"]},
             {"served", 0},
             {"fell_through", 0},
             {"prepared", 0},
             {"reasons", nlohmann::json::object()}};
      }
      m["served"] = m["served"].get<long long>() + e["served"].get<long long>();
      m["prepared"] = m["prepared"].get<long long>() + e["prepared"].get<long long>();
      for (const auto& [reason, n] : e["fell"].items()) {
        m["fell_through"] = m["fell_through"].get<long long>() + n.get<long long>();
        m["reasons"][reason] = m["reasons"].value(reason, 0LL) + n.get<long long>();
      }
    }
  }
  nlohmann::json out = {{"rules", nlohmann::json::array()}, {"sites", nlohmann::json::array()}};
  for (const SubstitutionRule& r : s->rules) out["rules"].push_back(r.text);
  for (auto& [key, m] : merged) out["sites"].push_back(std::move(m));
  return out.dump();
}

int Reduce(const void* site, const void* sb, void* rb, int count, MPI_Datatype dt, MPI_Op op,
           int root, MPI_Comm comm) {
  auto library = [&] { return PMPI_Reduce(sb, rb, count, dt, op, root, comm); };
  if (!active(kReduce)) return library();
  Args a = base_args(comm, root, dt, op, count);
  const char* reason = plain_type(*state(), dt) ? nullptr : "datatype";
  std::vector<std::byte> copy;
  a.send = sb == MPI_IN_PLACE ? in_place_copy(copy, rb, a.count * type_size(dt)) : sb;
  a.recv = rb;
  return serve(site, kReduce, a, op, reason, library);
}

int Allreduce(const void* site, const void* sb, void* rb, int count, MPI_Datatype dt, MPI_Op op,
              MPI_Comm comm) {
  auto library = [&] { return PMPI_Allreduce(sb, rb, count, dt, op, comm); };
  if (!active(kAllreduce)) return library();
  Args a = base_args(comm, 0, dt, op, count);
  const char* reason = plain_type(*state(), dt) ? nullptr : "datatype";
  std::vector<std::byte> copy;
  a.send = sb == MPI_IN_PLACE ? in_place_copy(copy, rb, a.count * type_size(dt)) : sb;
  a.recv = rb;
  return serve(site, kAllreduce, a, op, reason, library);
}

int Bcast(const void* site, void* buffer, int count, MPI_Datatype dt, int root, MPI_Comm comm) {
  auto library = [&] { return PMPI_Bcast(buffer, count, dt, root, comm); };
  if (!active(kBcast)) return library();
  Args a = base_args(comm, root, dt, MPI_OP_NULL, count);
  const char* reason = plain_type(*state(), dt) ? nullptr : "datatype";
  a.send = buffer;
  a.recv = buffer;
  return serve(site, kBcast, a, MPI_OP_NULL, reason, library);
}

// The root's send blocks must be its receive blocks' kind (papbench's scatter has one datatype
// and count); a root that differs would leave its members substituted without it, so such an
// application is one the header's rule excludes.
int Scatter(const void* site, const void* sb, int scount, MPI_Datatype stype, void* rb, int rcount,
            MPI_Datatype rtype, int root, MPI_Comm comm) {
  auto library = [&] { return PMPI_Scatter(sb, scount, stype, rb, rcount, rtype, root, comm); };
  if (!active(kScatter)) return library();
  const bool at_root = comm_rank(comm) == root;
  const bool in_place = at_root && rb == MPI_IN_PLACE;
  const MPI_Datatype dt = at_root ? stype : rtype;
  Args a = base_args(comm, root, dt, MPI_OP_NULL, at_root ? scount : rcount);
  const char* reason = plain_type(*state(), dt) ? nullptr : "datatype";
  if (at_root && !in_place && (rtype != stype || rcount != scount)) reason = "root's types";
  std::vector<std::byte> scratch;
  if (in_place) scratch.resize(a.count * type_size(dt));
  a.send = sb;
  a.recv = in_place ? scratch.data() : rb;
  return serve(site, kScatter, a, MPI_OP_NULL, reason, library);
}

int Gather(const void* site, const void* sb, int scount, MPI_Datatype stype, void* rb, int rcount,
           MPI_Datatype rtype, int root, MPI_Comm comm) {
  auto library = [&] { return PMPI_Gather(sb, scount, stype, rb, rcount, rtype, root, comm); };
  if (!active(kGather)) return library();
  const bool at_root = comm_rank(comm) == root;
  const bool in_place = at_root && sb == MPI_IN_PLACE;
  const MPI_Datatype dt = at_root ? rtype : stype;
  Args a = base_args(comm, root, dt, MPI_OP_NULL, at_root ? rcount : scount);
  const char* reason = plain_type(*state(), dt) ? nullptr : "datatype";
  if (at_root && !in_place && (rtype != stype || rcount != scount)) reason = "root's types";
  std::vector<std::byte> copy;
  const std::size_t block = a.count * type_size(dt);
  a.send = in_place ? in_place_copy(copy,
                                    static_cast<const std::byte*>(rb) +
                                        static_cast<std::size_t>(root) * block,
                                    block)
                    : sb;
  a.recv = rb;
  return serve(site, kGather, a, MPI_OP_NULL, reason, library);
}

}  // namespace papbench::capture::substitution
