// Reads a JSON document from standard input, proving it parses, and prints the value at each
// JSON pointer given on the command line, one per line, so ctest can match them with
// PASS_REGULAR_EXPRESSION. Exit 1 when the input is not JSON or a pointer does not resolve.

#include <iostream>
#include <nlohmann/json.hpp>

int main(int argc, char** argv) {
  nlohmann::json doc;
  try {
    doc = nlohmann::json::parse(std::cin);
  } catch (const nlohmann::json::exception& e) {
    std::cerr << "report_json_query: input is not valid JSON: " << e.what() << '\n';
    return 1;
  }
  for (int i = 1; i < argc; ++i) {
    try {
      std::cout << argv[i] << " = " << doc.at(nlohmann::json::json_pointer(argv[i])).dump() << '\n';
    } catch (const nlohmann::json::exception& e) {
      std::cerr << "report_json_query: " << argv[i] << ": " << e.what() << '\n';
      return 1;
    }
  }
  return 0;
}
