#pragma once
// HDF5 1.10 itself can crash on a damaged file: tests/fuzz found a flipped byte in a group's
// B-tree header that makes H5Literate copy past a buffer (SIGSEGV in H5F__accum_read). Such a
// crash is the file's fault, not the program's, so while a ResultReader reads a file a fatal
// signal prints which file is damaged and exits with the usage-error code, as any other
// unreadable file does. Outside the reader the signals keep their previous handlers.

#include <csignal>
#include <string>

namespace papbench::results {

class ReaderCrashGuard {
 public:
  explicit ReaderCrashGuard(const std::string& path);
  ~ReaderCrashGuard();
  ReaderCrashGuard(const ReaderCrashGuard&) = delete;
  ReaderCrashGuard& operator=(const ReaderCrashGuard&) = delete;

 private:
  bool installed_ = false;  // false for a guard nested in another (the outer one holds them)
  struct sigaction old_segv_ {};
  struct sigaction old_bus_ {};
  struct sigaction old_fpe_ {};
};

}  // namespace papbench::results
