#include "collectives/core/intergroup.hpp"

#include <fmt/format.h>

#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>

#include "common/units.hpp"

namespace papbench {
namespace {

// Any tag works: the leaders' handshake runs on a private duplicate of the peer communicator.
constexpr int kIntercommTag = 1001;

// Owns an MPI_Group for the duration of a query.
class Group {
 public:
  Group() = default;
  ~Group() {
    if (g_ != MPI_GROUP_NULL) MPI_Group_free(&g_);  // a destructor cannot throw; ignored
  }
  Group(const Group&) = delete;
  Group& operator=(const Group&) = delete;
  MPI_Group* out() { return &g_; }
  MPI_Group get() const { return g_; }

 private:
  MPI_Group g_ = MPI_GROUP_NULL;
};

// Rank of `group`'s rank 0 inside `reference` (MPI_UNDEFINED when it is not a member).
int leader_in(MPI_Group group, MPI_Group reference) {
  int zero = 0, out = MPI_UNDEFINED;
  mpi_check(MPI_Group_translate_ranks(group, 1, &zero, reference, &out),
            "MPI_Group_translate_ranks");
  return out;
}

// The spanning form's attribute: the placement make_intergroup was given.
struct SpanningGroups {
  int p = 0, q = 0;
  Placement placement = Placement::kBlock;
};

// Duplicates carry the placement (MPI_Comm_dup calls this); MPI owns each copy and frees it
// through drop_groups when the communicator is freed.
int copy_groups(MPI_Comm /*old*/, int /*keyval*/, void* /*extra*/, void* in, void* out, int* flag) {
  auto copy = std::make_unique<SpanningGroups>(*static_cast<const SpanningGroups*>(in));
  *static_cast<void**>(out) = copy.release();
  *flag = 1;
  return MPI_SUCCESS;
}

int drop_groups(MPI_Comm /*comm*/, int /*keyval*/, void* value, void* /*extra*/) {
  const std::unique_ptr<SpanningGroups> owned(static_cast<SpanningGroups*>(value));
  return MPI_SUCCESS;
}

// MPI_Finalize deletes MPI_COMM_SELF's attributes before anything else (MPI-4.0 §11.2.4): an
// attribute there whose delete callback frees the keyvals returns them to the library, which
// LeakSanitizer would otherwise report at exit (tools/test-sanitizers.sh). `extra` is the
// groups' keyval.
int free_keyvals_at_finalize(MPI_Comm /*self*/, int keyval, void* /*value*/, void* extra) {
  MPI_Comm_free_keyval(static_cast<int*>(extra));
  MPI_Comm_free_keyval(&keyval);
  return MPI_SUCCESS;
}

// Made on first use (after MPI_Init), kept for the run, freed at MPI_Finalize.
int groups_keyval() {
  static int keyval_to_free = MPI_KEYVAL_INVALID;
  static const int keyval = [] {
    int k = MPI_KEYVAL_INVALID;
    mpi_check(MPI_Comm_create_keyval(copy_groups, drop_groups, &k, nullptr),
              "MPI_Comm_create_keyval");
    keyval_to_free = k;
    int at_finalize = MPI_KEYVAL_INVALID;
    mpi_check(MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, free_keyvals_at_finalize, &at_finalize,
                                     &keyval_to_free),
              "MPI_Comm_create_keyval");
    mpi_check(MPI_Comm_set_attr(MPI_COMM_SELF, at_finalize, nullptr), "MPI_Comm_set_attr");
    return k;
  }();
  return keyval;
}

// Whether `comm` is an MPI intercommunicator (the one test every function here starts from).
bool is_intercommunicator(MPI_Comm comm) {
  int is_inter = 0;
  mpi_check(MPI_Comm_test_inter(comm, &is_inter), "MPI_Comm_test_inter");
  return is_inter != 0;
}

// The placement attached to a spanning form; null for any other communicator.
const SpanningGroups* spanning_groups(MPI_Comm comm) {
  const bool is_inter = is_intercommunicator(comm);
  if (is_inter) return nullptr;
  void* value = nullptr;
  int found = 0;
  mpi_check(MPI_Comm_get_attr(comm, groups_keyval(), &value, &found), "MPI_Comm_get_attr");
  return found != 0 ? static_cast<const SpanningGroups*>(value) : nullptr;
}

// Rank `rank`'s rank within its group (members keep their order).
int rank_in_group(const SpanningGroups& g, int rank) {
  const bool in_a = in_group_a(rank, g.p, g.q, g.placement);
  int before = 0;
  for (int r = 0; r < rank; ++r) before += in_group_a(r, g.p, g.q, g.placement) == in_a ? 1 : 0;
  return before;
}

}  // namespace

std::string_view intergroup_form_name(IntergroupForm form) {
  return form == IntergroupForm::kSpanning ? "spanning" : "intercomm";
}

bool is_spanning_intergroup(MPI_Comm comm) {
  return spanning_groups(comm) != nullptr;
}

bool is_intergroup(MPI_Comm comm) {
  const bool is_inter = is_intercommunicator(comm);
  return is_inter || is_spanning_intergroup(comm);
}

void require_intercommunicator(MPI_Comm comm, std::string_view who) {
  const bool is_inter = is_intercommunicator(comm);
  if (!is_inter) {
    throw std::invalid_argument(
        fmt::format("{} runs the library's collective on an intercommunicator; these groups are "
                    "make_intergroup's spanning form (one intracommunicator{})",
                    who, smpi::kSimulated ? ": SMPI has no intercommunicators" : ""));
  }
}

GroupSplit default_groups(int size) {
  return {size - size / 2, size / 2};
}

std::string_view placement_name(Placement placement) {
  return placement == Placement::kInterleaved ? "interleaved" : "block";
}

Placement parse_placement(std::string_view text) {
  if (text == "block") return Placement::kBlock;
  if (text == "interleaved") return Placement::kInterleaved;
  throw UsageError(
      fmt::format("--placement: '{}' is not accepted; accepted: one of: block, interleaved", text));
}

bool in_group_a(int rank, int p, int q, Placement placement) {
  if (placement == Placement::kBlock) return rank < p;
  const std::int64_t n = std::int64_t{p} + q;
  return (std::int64_t{rank} + 1) * q / n == std::int64_t{rank} * q / n;
}

Comm make_intergroup(MPI_Comm world, int p, int q, Placement placement, IntergroupForm form) {
  const bool is_inter = is_intercommunicator(world);
  if (is_inter) throw std::invalid_argument("make_intergroup needs an intracommunicator");
  const int size = comm_size(world);
  const int rank = comm_rank(world);
  if (p < 1 || q < 1 || std::int64_t{p} + q != size) {
    throw std::invalid_argument(fmt::format(
        "groups {}:{} need two non-empty groups that together hold all {} ranks", p, q, size));
  }
  if (form == IntergroupForm::kSpanning) {
    // The groups stay where they are on a duplicate of `world`; the attribute says which is which.
    Comm span = Comm::dup(world);
    auto groups = std::make_unique<SpanningGroups>(SpanningGroups{p, q, placement});
    mpi_check(MPI_Comm_set_attr(span.get(), groups_keyval(), groups.get()), "MPI_Comm_set_attr");
    groups.release();  // the communicator owns it now (drop_groups)
    return span;
  }
  // A private duplicate keeps the split and the leaders' handshake from matching messages the
  // caller has in flight on `world`.
  const Comm peer = Comm::dup(world);
  const bool in_a = in_group_a(rank, p, q, placement);
  // Each side's leader is its lowest rank; A's is rank 0 under either placement.
  int b_leader = 0;
  while (in_group_a(b_leader, p, q, placement)) ++b_leader;
  MPI_Comm local_raw = MPI_COMM_NULL;
  mpi_check(MPI_Comm_split(peer.get(), in_a ? 0 : 1, rank, &local_raw), "MPI_Comm_split");
  const Comm local(local_raw);
  MPI_Comm inter = MPI_COMM_NULL;
  mpi_check(
      MPI_Intercomm_create(local.get(), 0, peer.get(), in_a ? b_leader : 0, kIntercommTag, &inter),
      "MPI_Intercomm_create");
  return Comm(inter);
}

IntergroupLayout intergroup_layout(MPI_Comm inter) {
  IntergroupLayout l;
  if (const SpanningGroups* g = spanning_groups(inter)) {
    const int rank = comm_rank(inter);
    l.in_a = in_group_a(rank, g->p, g->q, g->placement);
    l.local_rank = rank_in_group(*g, rank);
    l.local_size = l.in_a ? g->p : g->q;
    l.remote_size = l.in_a ? g->q : g->p;
    l.local_offset = l.in_a ? 0 : l.remote_size;
    l.remote_offset = l.in_a ? l.local_size : 0;
    return l;
  }
  const bool is_inter = is_intercommunicator(inter);
  if (!is_inter) {
    throw std::invalid_argument(
        "intergroup_layout needs an intercommunicator or make_intergroup's spanning form");
  }
  l.local_rank = comm_rank(inter);
  mpi_check(MPI_Comm_size(inter, &l.local_size), "MPI_Comm_size");
  mpi_check(MPI_Comm_remote_size(inter, &l.remote_size), "MPI_Comm_remote_size");
  Group local, remote, world;
  mpi_check(MPI_Comm_group(inter, local.out()), "MPI_Comm_group");
  mpi_check(MPI_Comm_remote_group(inter, remote.out()), "MPI_Comm_remote_group");
  mpi_check(MPI_Comm_group(MPI_COMM_WORLD, world.out()), "MPI_Comm_group");
  const int local_leader = leader_in(local.get(), world.get());
  const int remote_leader = leader_in(remote.get(), world.get());
  // Both sides see the same two leaders, so they agree on which group is A without talking.
  if (local_leader == MPI_UNDEFINED || remote_leader == MPI_UNDEFINED) return l;
  l.in_a = local_leader < remote_leader;
  l.local_offset = l.in_a ? 0 : l.remote_size;
  l.remote_offset = l.in_a ? l.local_size : 0;
  return l;
}

Comm intergroup_local_comm(MPI_Comm inter) {
  if (is_spanning_intergroup(inter)) {
    const IntergroupLayout l = intergroup_layout(inter);
    MPI_Comm out = MPI_COMM_NULL;
    mpi_check(MPI_Comm_split(inter, l.in_a ? 0 : 1, l.local_rank, &out), "MPI_Comm_split");
    return Comm(out);
  }
  const bool is_inter = is_intercommunicator(inter);
  if (!is_inter) throw std::invalid_argument("intergroup_local_comm needs an intercommunicator");
  MPI_Comm merged_raw = MPI_COMM_NULL;
  mpi_check(MPI_Intercomm_merge(inter, 0, &merged_raw), "MPI_Intercomm_merge");
  const Comm merged(merged_raw);
  // The merged order of the two groups is unspecified, but each group's leader has one merged
  // rank that every member can compute locally: a colour that is equal within a group and
  // different across the two.
  Group local, whole;
  mpi_check(MPI_Comm_group(inter, local.out()), "MPI_Comm_group");
  mpi_check(MPI_Comm_group(merged.get(), whole.out()), "MPI_Comm_group");
  const int colour = leader_in(local.get(), whole.get());
  const int rank = comm_rank(inter);
  MPI_Comm out = MPI_COMM_NULL;
  mpi_check(MPI_Comm_split(merged.get(), colour, rank, &out), "MPI_Comm_split");
  return Comm(out);
}

RemoteGroup::RemoteGroup(MPI_Comm inter) : comm_(Comm::dup(inter)) {
  const SpanningGroups* g = spanning_groups(inter);
  if (g == nullptr) return;  // an intercommunicator: its remote ranks are the peers
  const int size = comm_size(inter);
  const bool in_a = in_group_a(comm_rank(inter), g->p, g->q, g->placement);
  for (int r = 0; r < size; ++r) {
    if (in_group_a(r, g->p, g->q, g->placement) != in_a) ranks_.push_back(r);
  }
}

}  // namespace papbench
