#pragma once
// Room on disk for one append to a result set, made before HDF5 writes anything (issue 31). A
// write that a full disk cuts short leaves HDF5's metadata half updated: the file still reads,
// but every later append to it fails ("addr overflow", "unable to create link"), so a requeued
// --resume failed forever. Reserving the space first turns a full disk into a refusal that
// leaves the file exactly as it was, and --resume continues it once there is room.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "results/result_set.hpp"

namespace papbench::results {

// A generous bound on the bytes HDF5 adds to the file for the record: its data, a few KiB of
// object header per dataset and group, and the /cases index's growth.
std::uint64_t case_write_bytes(const CaseRecord& record);
// ... for `rows` more /sync rows of `chunk_rows` per chunk: the chunks they touch and the index.
std::uint64_t sync_write_bytes(std::size_t rows, std::size_t chunk_rows);

// Reserves `bytes` past the end of `path` (fallocate, FALLOC_FL_KEEP_SIZE: the size stays, the
// blocks are the file's, so HDF5's writes there cannot fail for space); where the file system
// cannot reserve, checks that as much is free. Throws std::runtime_error "results file 'PATH':
// cannot WHAT: no space left on device ..." when there is no room, the file untouched.
void reserve_write_room(const std::string& path, std::uint64_t bytes, std::string_view what);

}  // namespace papbench::results
