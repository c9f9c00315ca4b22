#pragma once
// `papbench tree`: the tree every rank of a bcast algorithm uses (parent and children in send
// order, real ranks), or Open MPI 3.1's fixed decision for P ranks and M bytes. Pure arithmetic:
// no MPI, any P; launcher rank 0 prints.

#include <cstdint>
#include <string>

#include "common/cli_fwd.hpp"

namespace papbench {

struct RawTreeOptions {
  std::string collective = "bcast";
  std::string alg;
  std::string decision;
  int ranks = 0;
  int root = 0;
  std::string bytes;
  std::int64_t count = -1;  // -1: bytes (one-byte elements)
  std::string format = "json";
};

CLI::App* add_tree_command(CLI::App& app, RawTreeOptions& raw);
int tree_command(const RawTreeOptions& raw);

}  // namespace papbench
