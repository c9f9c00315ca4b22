#pragma once
// The one driver of every blocking <collective>/native row: the library's own call on a private
// duplicate of the case's communicator (the library's messages can never match the harness's),
// made under force=NAME where asked (forced_native.hpp), with the forcing held around the call
// inside the timed region. Each collective's native.cpp supplies only its call, so the eleven rows
// cannot drift apart in how they duplicate, force or time.

#include <algorithm>
#include <cstddef>
#include <memory>
#include <string_view>

#include "collectives/core/algorithm.hpp"
#include "collectives/core/forced_native.hpp"
#include "collectives/core/native_force_option.hpp"
#include "common/mpi_env.hpp"

namespace papbench {

// The collective's library call on `comm`, with the case's buffers, counts and root.
using NativeCall = void (*)(const Args& args, MPI_Comm comm);

template <NativeCall Call>
class NativeAlgorithm final : public Algorithm {
 public:
  NativeAlgorithm(std::string_view collective, const AlgOptions& options)
      : comm_(collective, forced_of(options)) {}

  void prepare(const Args& args) override { comm_.prepare(args.comm); }

  void run(const Args& args) override {
    const auto forced = comm_.forced_call();
    Call(args, comm_.get());
  }

 private:
  forced::NativeComm comm_;
};

template <NativeCall Call>
std::unique_ptr<Algorithm> make_native(std::string_view collective, const AlgOptions& options) {
  return std::make_unique<NativeAlgorithm<Call>>(collective, options);
}

// A string as a template argument: the names blocks_call reports.
template <std::size_t N>
struct CallText {
  constexpr CallText(const char (&text)[N]) { std::copy_n(text, N, chars); }  // NOLINT: implicit
  char chars[N] = {};
};

// The library calls that move one block of args.count elements each way, in the same argument
// order: MPI_Gather and MPI_Scatter (rooted), MPI_Allgather and MPI_Alltoall. `Name` is the call's
// for mpi_check, `Count` what an oversized count is called.
using RootedBlocksCall = int (*)(const void*, int, MPI_Datatype, void*, int, MPI_Datatype, int,
                                 MPI_Comm);
using UnrootedBlocksCall = int (*)(const void*, int, MPI_Datatype, void*, int, MPI_Datatype,
                                   MPI_Comm);
template <RootedBlocksCall Call, CallText Name, CallText Count>
void blocks_call(const Args& a, MPI_Comm comm) {
  const int n = count_as_int(a.count, Count.chars);
  mpi_check(Call(a.send, n, a.dtype, a.recv, n, a.dtype, a.root, comm), Name.chars);
}
template <UnrootedBlocksCall Call, CallText Name, CallText Count>
void blocks_call(const Args& a, MPI_Comm comm) {
  const int n = count_as_int(a.count, Count.chars);
  mpi_check(Call(a.send, n, a.dtype, a.recv, n, a.dtype, comm), Name.chars);
}

}  // namespace papbench
