#pragma once
// Checks on the files users name (inputs every rank reads, outputs rank 0 creates), made before
// anything is opened: opening a FIFO blocks until a writer appears and a device never ends, and
// an output that cannot be created should be a usage error naming its option, not a failure
// after clock synchronization.

#include <optional>
#include <string>
#include <string_view>

namespace papbench {

// What `path` is when it exists and is not a regular file ("a directory", "a FIFO", "a
// character device", ...), following symbolic links; nullopt for a regular file or a path that
// cannot be examined (the caller's open reports that).
std::optional<std::string> non_regular_kind(const std::string& path);

// UsageError "WHAT: 'PATH' is not a regular file (a FIFO)" when `path` exists and is not a
// regular file. Call it before opening the file.
void require_regular_input(std::string_view what, const std::string& path);

// For an output file named by `option`: UsageError naming the option unless `path` can be
// created (its directory exists and is writable, the name fits, the path resolves, and a file
// created beside it and removed again shows that the file system takes one there) or, with
// `force`, replaced (only a regular file is ever replaced: never a device, FIFO, socket or
// directory). Without `force` an existing path is left to the caller's own message.
void check_output_file(std::string_view option, const std::string& path, bool force);

}  // namespace papbench
