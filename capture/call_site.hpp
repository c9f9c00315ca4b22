#pragma once
// Call sites: the return address of the application's call to a collective, named at
// MPI_Finalize as symbol+offset (dladdr; addresses differ between ranks under ASLR, the name
// does not), and the optional backtrace hash that tells apart two paths into one wrapper
// function (PAPBENCH_CAPTURE_SITES=1).

#include <cstdint>
#include <string>

namespace papbench::capture {

// "MPI_Allreduce caller": "hpcc_main+0x1a4" or "libfoo.so+0x2c10", "0x..." when unknown.
std::string site_name(const void* return_address);
// A hash of the call stack above the wrapper as module+offset pairs (the same on every rank of
// one binary); costs a backtrace() per call, so only when asked for.
std::uint64_t stack_hash();

}  // namespace papbench::capture
