#pragma once
// How a papbench version is shown wherever one is printed or stored beside its commit: "0.9.0
// (1a2b3c4d5e)", or the version alone when the commit is unknown (files from before the commit was
// recorded, synthetic files).

#include <string>
#include <string_view>

namespace papbench {

std::string version_text(std::string_view version, std::string_view commit);

// This binary's: kVersion and kGitSha.
std::string this_version_text();

}  // namespace papbench
