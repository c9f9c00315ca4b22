// papbench's nonblocking schedules inside an unmodified application (docs/CAPTURE.md, "papbench's
// algorithms inside the application"). A substituted MPI_Iallreduce or MPI_Ibcast posts the rule's
// schedule (collectives/nonblocking/schedules.cpp, libnbc's) and hands the application a
// generalized request (MPI_Grequest_start, MPI-3.1 §12.2) in place of the library's. Nothing but
// this library's own calls moves a schedule on, as nothing but the owner's MPI calls moves
// libnbc's ([OpenMPI] v4.1.4 libnbc/nbc.c, NBC_Progress from opal_progress): every substituted
// post and every wait and test of the application (MPI_Wait ... MPI_Testsome, on any request)
// advances every schedule in flight, and a schedule that completes completes its generalized
// request (MPI_Grequest_complete), which the application's wait or test then returns. While one is
// in flight, a blocking wait polls (its test form and the schedules in turn) instead of blocking
// in the library, which would not move them.
//
// Each collective in flight has its own prepared algorithm (a pool per call shape, refilled when
// the application's wait or test frees the request: prepared once per shape and concurrency, not
// per call) and its own tag on a private duplicate of the communicator, made by MPI_Comm_idup at
// the communicator's first substituted post so that the post returns at once, as the library's
// does. Members post their collectives on a communicator in one order, so the k-th on every
// member has the same tag: two in flight at once never take each other's messages.

#include <mpi.h>

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstring>
#include <exception>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <utility>
#include <vector>

#include "capture/capture_session.hpp"
#include "capture/substitution.hpp"
#include "capture/substitution_state.hpp"
#include "collectives/nonblocking/nbc_driver.hpp"
#include "common/errors.hpp"

namespace papbench::capture::substitution {
namespace detail {

// The private duplicate of one application communicator that every schedule posted on it sends
// on; ready once the MPI_Comm_idup has completed. Kept by the communicator's cache and by every
// collective in flight on it, so an MPI_Comm_free of the application's communicator while one is
// in flight frees the duplicate after it.
struct NbcChannel {
  MPI_Comm comm = MPI_COMM_NULL;
  MPI_Request dup = MPI_REQUEST_NULL;
  unsigned long long posted = 0;  // substituted posts on the communicator so far

  NbcChannel() = default;
  NbcChannel(const NbcChannel&) = delete;
  NbcChannel& operator=(const NbcChannel&) = delete;
  ~NbcChannel() {
    const InternalCalls guard;
    if (dup != MPI_REQUEST_NULL) PMPI_Wait(&dup, MPI_STATUS_IGNORE);
    if (comm != MPI_COMM_NULL) PMPI_Comm_free(&comm);
  }
  bool ready() {
    if (dup != MPI_REQUEST_NULL) {
      int done = 0;
      mpi_check(PMPI_Test(&dup, &done, MPI_STATUS_IGNORE), "MPI_Test (MPI_Comm_idup)");
    }
    return dup == MPI_REQUEST_NULL;
  }
};

}  // namespace detail

namespace {

using namespace detail;

// Tags of the schedules in flight on one duplicate: the post's number on its communicator modulo
// this (MPI_TAG_UB is at least 32767), so collectives posted less than this many apart differ.
constexpr unsigned long long kNbcTags = 32768;

// One substituted collective from its post until the application's wait or test frees its
// request (the request's free callback marks it; the next call of ours reclaims it, outside the
// library, which may not be re-entered from the callback).
struct NbcOp {
  std::shared_ptr<NbcChannel> channel;
  std::shared_ptr<NbcPool> pool;
  std::unique_ptr<Algorithm> algorithm;  // taken from `pool`, given back when reclaimed
  NbcStarter* starter = nullptr;
  const SubstitutionRule* rule = nullptr;
  Args args;
  std::vector<std::byte> input;  // an MPI_IN_PLACE call's own input: the schedules read it late
  int tag = 0;
  NbcInFlight* running = nullptr;  // null until the channel is ready
  bool complete = false;           // MPI_Grequest_complete called
  std::atomic<bool> released{false};
  MPI_Request request = MPI_REQUEST_NULL;  // the application's generalized request
};

struct NbcState {
  std::mutex mutex;  // one thread at a time moves the schedules and their pools
  std::vector<std::unique_ptr<NbcOp>> ops;
};

NbcState& nbc() {
  static NbcState s;
  return s;
}
// Posted and not yet complete: while > 0, waits poll and every call moves the schedules on.
std::atomic<int> g_in_flight{0};
// Posted and not yet reclaimed.
std::atomic<int> g_ops{0};

// The generalized request's callbacks. A collective's status carries nothing (MPI-3.1 §5.12):
// no source, tag or elements. They call no MPI function that could re-enter the library's
// request they are called from, only the status setters MPI provides for them.
int nbc_query(void* /*extra*/, MPI_Status* status) {
  PMPI_Status_set_elements(status, MPI_BYTE, 0);
  PMPI_Status_set_cancelled(status, 0);
  status->MPI_SOURCE = MPI_UNDEFINED;
  status->MPI_TAG = MPI_UNDEFINED;
  return MPI_SUCCESS;
}
int nbc_free(void* extra) {
  static_cast<NbcOp*>(extra)->released.store(true);
  return MPI_SUCCESS;
}
// MPI_Cancel of a collective's request is erroneous (MPI-3.1 §5.12): nothing to undo.
int nbc_cancel(void* /*extra*/, int /*complete*/) {
  return MPI_SUCCESS;
}

// Gives the algorithms of the collectives whose requests the application has freed back to their
// pools (nbc().mutex held).
void reclaim_locked() {
  std::erase_if(nbc().ops, [](const std::unique_ptr<NbcOp>& op) {
    if (!op->released.load()) return false;
    op->pool->idle.push_back(std::move(op->algorithm));
    g_ops.fetch_sub(1);
    return true;
  });
}

// Moves every schedule in flight on as far as it can without blocking (nbc().mutex held), and
// reclaims the freed ones.
void progress_locked() {
  const InternalCalls guard;  // the schedules' own calls are neither recorded nor substituted
  NbcState& n = nbc();
  for (const std::unique_ptr<NbcOp>& op : n.ops) {
    if (op->complete) continue;
    try {
      if (op->running == nullptr) {
        if (!op->channel->ready()) continue;
        op->starter->set_tag(op->tag);
        op->running = &op->starter->start(op->args, op->channel->comm);
      }
      if (!op->running->test()) continue;
      op->complete = true;
      g_in_flight.fetch_sub(1);
      mpi_check(PMPI_Grequest_complete(op->request), "MPI_Grequest_complete");
    } catch (const std::exception& e) {
      abort_on(op->args.comm, *op->rule, e.what());
    }
  }
  reclaim_locked();
}

// Whether this call has schedules to move on: some posted and not reclaimed, and not our own.
bool engaged() {
  return g_ops.load(std::memory_order_relaxed) > 0 && !InternalCalls::active();
}

void progress() {
  std::lock_guard lock(nbc().mutex);
  progress_locked();
}

bool in_flight() {
  return g_in_flight.load(std::memory_order_relaxed) > 0;
}

// The pool's shape on the communicator, made on its first post (null: "shapes").
NbcShape* shape_of(CommCache& cache, const SubstitutionRule& rule, const Args& a) {
  for (NbcShape& s : cache.nbc_shapes) {
    if (s.rule == &rule && s.count == a.count && s.dtype == a.dtype && s.op == a.op) return &s;
  }
  if (cache.prepared.size() + cache.nbc_shapes.size() >= kMaxShapesPerComm) return nullptr;
  NbcShape& s = cache.nbc_shapes.emplace_back();
  s.rule = &rule;
  s.count = a.count;
  s.dtype = a.dtype;
  s.op = a.op;
  return &s;
}

// Posts the call as its site's rule's schedule and sets *request to its generalized request, or
// runs `fallback` (the library's post), counted with its reason, as serve() does for a blocking
// call. `in_place_bytes` > 0: the input is the receive buffer (MPI_IN_PLACE), copied here.
template <class Fallback>
int post(const void* site, Kind kind, Args args, const char* reason, std::size_t in_place_bytes,
         MPI_Request* request, Fallback&& fallback) {
  State& s = *state();
  SiteEntry* const entry = &entry_of(s, site, kind);
  if (entry->rule == nullptr) return fallback();
  const SubstitutionRule& rule = *entry->rule;
  reason = shape_reason(rule, args, args.op, reason);
  if (reason != nullptr) {
    count_fell(s, *entry, reason);
    return fallback();
  }
  const InternalCalls guard;
  std::lock_guard lock(nbc().mutex);
  reclaim_locked();  // a request freed by the last wait gives its algorithm back first
  try {
    CommCache& cache = cache_of(s, args.comm);
    NbcShape* shape = shape_of(cache, rule, args);
    if (shape == nullptr) {
      reason = "shapes";
    } else if (!shape->refused && shape->pool->idle.empty()) {
      std::unique_ptr<Algorithm> made = make_algorithm(*rule.algorithm, rule.options);
      NbcStarter* starter = nbc_starter_of(*made);
      if (starter == nullptr) throw std::logic_error("not a nonblocking row's algorithm");
      {
        std::lock_guard count_lock(s.mutex);
        ++entry->prepared;
      }
      try {
        starter->prepare(args, args.comm);  // local: the schedule of this rank, its scratch
        shape->pool->idle.push_back(std::move(made));
      } catch (const std::invalid_argument&) {
        shape->refused = true;  // on every member alike: it sees the same arguments
      }
    }
    if (reason == nullptr && shape->refused) reason = "refused by the algorithm";
    if (reason != nullptr) {
      count_fell(s, *entry, reason);
      return fallback();
    }
    if (cache.nbc == nullptr) {
      cache.nbc = std::make_shared<NbcChannel>();
      mpi_check(PMPI_Comm_idup(args.comm, &cache.nbc->comm, &cache.nbc->dup), "MPI_Comm_idup");
    }
    auto op = std::make_unique<NbcOp>();
    op->channel = cache.nbc;
    op->pool = shape->pool;
    op->algorithm = std::move(shape->pool->idle.back());
    shape->pool->idle.pop_back();
    op->starter = nbc_starter_of(*op->algorithm);
    op->rule = &rule;
    op->tag = static_cast<int>(cache.nbc->posted++ % kNbcTags);
    if (in_place_bytes > 0) {
      op->input.resize(in_place_bytes);
      std::memcpy(op->input.data(), args.recv, in_place_bytes);
      args.send = op->input.data();
    }
    op->args = args;
    mpi_check(PMPI_Grequest_start(nbc_query, nbc_free, nbc_cancel, op.get(), &op->request),
              "MPI_Grequest_start");
    *request = op->request;
    nbc().ops.push_back(std::move(op));
    g_ops.fetch_add(1);
    g_in_flight.fetch_add(1);
    // Starts it where the duplicate is ready, as libnbc's post starts its first round, and
    // moves the others on: a post is one of the application's MPI calls.
    progress_locked();
  } catch (const std::exception& e) {
    abort_on(args.comm, rule, e.what());
  }
  std::lock_guard count_lock(s.mutex);
  ++entry->served;
  return MPI_SUCCESS;
}

// A blocking wait while schedules are in flight: `test` (the wait's test form, setting its flag)
// in turn with moving them on until it succeeds; once none is in flight, `wait` blocks in the
// library for what is left.
template <class Test, class Wait>
int wait_polling(Test&& test, Wait&& wait) {
  while (in_flight()) {
    progress();
    int done = 0;
    const int rc = test(&done);
    if (rc != MPI_SUCCESS || done != 0) {
      progress();  // reclaims what this test freed
      return rc;
    }
  }
  const int rc = wait();
  progress();  // reclaims what this wait freed
  return rc;
}

// A test while schedules are in flight: they move on first, so that it sees what they completed.
template <class Test>
int test_progressing(Test&& test) {
  progress();
  const int rc = test();
  progress();
  return rc;
}

}  // namespace

void detail::finish_nonblocking() {
  std::lock_guard lock(nbc().mutex);
  // A request the application never completed (erroneous before MPI_Finalize) is dropped too.
  nbc().ops.clear();
  g_ops = 0;
  g_in_flight = 0;
}

int Iallreduce(const void* site, const void* sb, void* rb, int count, MPI_Datatype dt, MPI_Op op,
               MPI_Comm comm, MPI_Request* request) {
  auto library = [&] { return PMPI_Iallreduce(sb, rb, count, dt, op, comm, request); };
  if (!active(kIallreduce)) {
    if (engaged()) progress();
    return library();
  }
  Args a = base_args(comm, 0, dt, op, count);
  const char* reason = plain_type(*state(), dt) ? nullptr : "datatype";
  a.send = sb;
  a.recv = rb;
  const std::size_t in_place = sb == MPI_IN_PLACE ? a.count * type_size(dt) : 0;
  return post(site, kIallreduce, a, reason, in_place, request, library);
}

int Ibcast(const void* site, void* buffer, int count, MPI_Datatype dt, int root, MPI_Comm comm,
           MPI_Request* request) {
  auto library = [&] { return PMPI_Ibcast(buffer, count, dt, root, comm, request); };
  if (!active(kIbcast)) {
    if (engaged()) progress();
    return library();
  }
  Args a = base_args(comm, root, dt, MPI_OP_NULL, count);
  const char* reason = plain_type(*state(), dt) ? nullptr : "datatype";
  a.send = buffer;
  a.recv = buffer;
  return post(site, kIbcast, a, reason, 0, request, library);
}

int Wait(MPI_Request* request, MPI_Status* status) {
  if (!engaged()) return PMPI_Wait(request, status);
  return wait_polling([&](int* done) { return PMPI_Test(request, done, status); },
                      [&] { return PMPI_Wait(request, status); });
}

// One request at a time, so that a request completed by an earlier test keeps its status (a
// second MPI_Testall over the array would overwrite it with the empty status of a null request).
int Waitall(int count, MPI_Request requests[], MPI_Status statuses[]) {
  if (!engaged() || count <= 0) return PMPI_Waitall(count, requests, statuses);
  const auto status_of = [&](int i) {
    return statuses == MPI_STATUSES_IGNORE ? MPI_STATUS_IGNORE : &statuses[i];
  };
  std::vector<char> done(static_cast<std::size_t>(count), 0);
  int left = count;
  while (left > 0 && in_flight()) {
    progress();
    for (int i = 0; i < count; ++i) {
      if (done[i] != 0) continue;
      int flag = 0;
      const int rc = PMPI_Test(&requests[i], &flag, status_of(i));
      if (rc != MPI_SUCCESS) return rc;
      if (flag != 0) {
        done[i] = 1;
        --left;
      }
    }
  }
  for (int i = 0; i < count && left > 0; ++i) {
    if (done[i] != 0) continue;
    const int rc = PMPI_Wait(&requests[i], status_of(i));
    if (rc != MPI_SUCCESS) return rc;
  }
  progress();
  return MPI_SUCCESS;
}

int Waitany(int count, MPI_Request requests[], int* index, MPI_Status* status) {
  if (!engaged()) return PMPI_Waitany(count, requests, index, status);
  return wait_polling([&](int* done) { return PMPI_Testany(count, requests, index, done, status); },
                      [&] { return PMPI_Waitany(count, requests, index, status); });
}

int Waitsome(int incount, MPI_Request requests[], int* outcount, int indices[],
             MPI_Status statuses[]) {
  if (!engaged()) return PMPI_Waitsome(incount, requests, outcount, indices, statuses);
  return wait_polling(
      [&](int* done) {
        const int rc = PMPI_Testsome(incount, requests, outcount, indices, statuses);
        *done = *outcount != 0 ? 1 : 0;  // MPI_UNDEFINED: no active request, as Waitsome says
        return rc;
      },
      [&] { return PMPI_Waitsome(incount, requests, outcount, indices, statuses); });
}

int Test(MPI_Request* request, int* flag, MPI_Status* status) {
  if (!engaged()) return PMPI_Test(request, flag, status);
  return test_progressing([&] { return PMPI_Test(request, flag, status); });
}

int Testall(int count, MPI_Request requests[], int* flag, MPI_Status statuses[]) {
  if (!engaged()) return PMPI_Testall(count, requests, flag, statuses);
  return test_progressing([&] { return PMPI_Testall(count, requests, flag, statuses); });
}

int Testany(int count, MPI_Request requests[], int* index, int* flag, MPI_Status* status) {
  if (!engaged()) return PMPI_Testany(count, requests, index, flag, status);
  return test_progressing([&] { return PMPI_Testany(count, requests, index, flag, status); });
}

int Testsome(int incount, MPI_Request requests[], int* outcount, int indices[],
             MPI_Status statuses[]) {
  if (!engaged()) return PMPI_Testsome(incount, requests, outcount, indices, statuses);
  return test_progressing(
      [&] { return PMPI_Testsome(incount, requests, outcount, indices, statuses); });
}

}  // namespace papbench::capture::substitution
