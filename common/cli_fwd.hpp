#pragma once
// CLI11's App, declared for the headers that only take one by reference. CLI/CLI.hpp is header-only
// and costs about 8 s of compile time in each translation unit that includes it; run_options.hpp
// alone reaches 21 of them. The .cpp files that build options include CLI/CLI.hpp themselves.

namespace CLI {
class App;
class Option;
}  // namespace CLI
