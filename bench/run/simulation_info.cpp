#include "bench/run/simulation_info.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <boost/uuid/detail/sha1.hpp>
#include <fstream>
#include <iterator>
#include <vector>

#include "collectives/core/local_work.hpp"
#include "common/smpi_platform.hpp"
#include "papbench/version.hpp"

namespace papbench {
namespace {

std::string sha1_of_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return "unreadable";
  const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  boost::uuids::detail::sha1 hash;
  hash.process_bytes(bytes.data(), bytes.size());
  boost::uuids::detail::sha1::digest_type digest;
  hash.get_digest(digest);
  std::string out;
  for (unsigned int word : digest) out += fmt::format("{:08x}", word);
  return out;
}

}  // namespace

std::string describe_simulation(std::span<const std::string> argv,
                                std::string_view simgrid_version) {
  std::vector<std::string> options;
  std::string platform;
  // argv[0] smpimain, argv[1] the program; then options up to the platform file.
  for (std::size_t i = 2; i < argv.size(); ++i) {
    if (argv[i].starts_with("--cfg=") || argv[i].starts_with("--log=")) {
      options.push_back(argv[i]);
    } else {
      platform = argv[i];
      break;
    }
  }
  const std::string file =
      platform.empty() ? std::string("platform unknown")
                       : fmt::format("platform {} (sha1 {})", platform, sha1_of_file(platform));
  return fmt::format("{}; {}; {}", simgrid_version, file, fmt::join(options, " "));
}

std::optional<std::string> this_simulation() {
  if (!smpi::kSimulated) return std::nullopt;
  std::ifstream in("/proc/self/cmdline", std::ios::binary);
  std::vector<std::string> argv;
  for (std::string arg; std::getline(in, arg, '\0');) argv.push_back(arg);
  // What the platform makes local copies and combines cost (collectives/core/local_work.hpp).
  return fmt::format("{}; {}", describe_simulation(argv, kSimgridVersion),
                     local_work::describe_charge());
}

}  // namespace papbench
