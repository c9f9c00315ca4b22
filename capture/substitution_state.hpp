#pragma once
// What the substitution's blocking calls (substitution.cpp) and its nonblocking ones
// (substitution_nbc.cpp) share inside the capture library: the rules in force, per call site what
// was served and what fell through, and per communicator what was prepared, kept in an attribute
// of the communicator that MPI_Comm_free (or finish()) deletes.

#include <mpi.h>

#include <cstddef>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "capture/substitution_spec.hpp"
#include "collectives/core/algorithm.hpp"
#include "topology/node_topology.hpp"

namespace papbench::capture::substitution::detail {

// The distinct call shapes (rule, count, datatype, op) prepared on one communicator; a later
// shape falls through ("shapes"), so that an application with ever-changing counts does not
// gather prepared algorithms (and their communicators) without bound. The shapes arrive in the
// same order on every member, so all members stop alike.
constexpr std::size_t kMaxShapesPerComm = 64;

// kSubstitutableCollectives' order (substitution_spec.hpp).
enum Kind : int { kReduce, kBcast, kScatter, kGather, kAllreduce, kIallreduce, kIbcast, kKinds };
inline constexpr std::string_view kKindNames[kKinds] = {
    "reduce", "bcast", "scatter", "gather", "allreduce", "iallreduce", "ibcast"};

// One prepared blocking algorithm: made and prepared on the first call of its shape, run by every
// later one (Algorithm::run re-roots itself, so one instance serves every root).
struct Prepared {
  const SubstitutionRule* rule = nullptr;
  std::size_t count = 0;
  MPI_Datatype dtype = MPI_DATATYPE_NULL;
  MPI_Op op = MPI_OP_NULL;
  std::unique_ptr<Algorithm> algorithm;  // null: prepare() refused the shape
};

// A nonblocking shape's prepared algorithms that no collective in flight holds: one is taken per
// post and given back when the application's wait or test has completed it, so the pool grows to
// the most collectives of the shape in flight at once, each prepared once.
struct NbcPool {
  std::vector<std::unique_ptr<Algorithm>> idle;
};

struct NbcShape {
  const SubstitutionRule* rule = nullptr;
  std::size_t count = 0;
  MPI_Datatype dtype = MPI_DATATYPE_NULL;
  MPI_Op op = MPI_OP_NULL;
  bool refused = false;  // prepare() refused the shape
  std::shared_ptr<NbcPool> pool = std::make_shared<NbcPool>();
};

struct NbcChannel;  // substitution_nbc.cpp: the communicator the schedules' messages go on

// What one communicator holds, as an MPI attribute: MPI_Comm_free (or finish()) deletes it
// through the keyval's delete callback, which frees the algorithms' communicators and windows.
// A collective in flight keeps its channel and pool (shared) until its request is completed.
struct CommCache {
  MPI_Comm comm = MPI_COMM_NULL;
  std::unique_ptr<topology::NodeTopology> nodes;  // made by the first blocking call
  std::vector<Prepared> prepared;
  std::vector<NbcShape> nbc_shapes;
  std::shared_ptr<NbcChannel> nbc;  // made by the first nonblocking post
};

// Per call site and collective on this rank.
struct SiteEntry {
  const SubstitutionRule* rule = nullptr;  // null: no rule covers the site
  long long served = 0;
  long long prepared = 0;                 // prepare() calls made from this site
  std::map<std::string, long long> fell;  // by reason
};

struct State {
  std::vector<SubstitutionRule> rules;
  bool kind_has_rules[kKinds] = {};
  int keyval = MPI_KEYVAL_INVALID;
  std::mutex mutex;
  std::map<std::pair<const void*, int>, SiteEntry> sites;
  std::unordered_map<MPI_Datatype, bool> plain_types;
  std::vector<CommCache*> live;  // in the order they were made
};

// Null before start() and after finish().
std::unique_ptr<State>& state();
// Whether calls of `kind` may be substituted now: rules for it, and not papbench's own call.
bool active(Kind kind);
// The site's entry, looked up under s.mutex (sites are met from any thread); its rule is
// resolved on its first call. Entries are never removed, so the reference stays valid.
SiteEntry& entry_of(State& s, const void* site, Kind kind);
// A predefined datatype laid out as its size (what the algorithms' byte arithmetic assumes).
bool plain_type(State& s, MPI_Datatype t);
std::size_t type_size(MPI_Datatype t);
void count_fell(State& s, SiteEntry& e, const char* reason);
// Why the rule's algorithm cannot serve a call of `args` (the caller's `reason` first: a
// datatype, the root's types), or null: an intercommunicator, an empty call, a non-commutative op
// for an algorithm that needs a commutative one, a rank count outside its limits.
const char* shape_reason(const SubstitutionRule& rule, const Args& args, MPI_Op op,
                         const char* reason);
// The communicator's cache, made on its first substituted call (no message).
CommCache& cache_of(State& s, MPI_Comm comm);
[[noreturn]] void abort_on(MPI_Comm comm, const SubstitutionRule& rule, const char* what);
Args base_args(MPI_Comm comm, int root, MPI_Datatype dt, MPI_Op op, int count);

// substitution_nbc.cpp: frees what the nonblocking calls hold (finish(), before the
// communicators' caches are deleted).
void finish_nonblocking();

}  // namespace papbench::capture::substitution::detail
