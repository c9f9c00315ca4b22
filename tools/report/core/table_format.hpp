#pragma once
// One output model for every view, rendered four ways. Views fill a Report once; the emitters
// decide how it looks, so `summary` and `compare` cannot drift apart in their CSV quoting or
// JSON layout. Human formats (table, markdown) print each cell's rounded, unit-bearing text;
// machine formats (csv, json) print its raw value (nanoseconds, full-precision numbers).

#include <iosfwd>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

namespace papbench::report {

// Insertion-ordered, so JSON members come out in column order rather than alphabetically.
using Json = nlohmann::ordered_json;

enum class Format { kTable, kCsv, kJson, kMarkdown };

// The spellings accepted by --format, in the order --help lists them.
struct FormatName {
  std::string_view name;
  Format format;
};
inline constexpr FormatName kFormatNames[] = {{"table", Format::kTable},
                                              {"csv", Format::kCsv},
                                              {"json", Format::kJson},
                                              {"markdown", Format::kMarkdown}};

// Which formats show a column. A human table cannot afford 40 raw columns and a CSV must not
// carry "14.5 us", so many quantities appear twice: once per audience.
enum class Audience { kBoth, kHuman, kMachine };

struct Column {
  std::string key;    // CSV header, JSON member name
  std::string title;  // table and markdown header
  Audience audience = Audience::kBoth;
  bool align_left = false;
};

struct Cell {
  std::string text;  // for humans
  Json raw;          // for machines; null becomes an empty CSV field

  static Cell str(std::string s);
  static Cell integer(long long v);
  static Cell duration(double ns);            // "14.5 us" / 14500; NaN -> "-" / null
  static Cell fixed(double v, int decimals);  // "2.00" / 2.0; NaN -> "-" / null
  static Cell ratio(double v);                // fixed(v, 2); not finite (no ratio) -> "-" / null
  static Cell none();                         // "-" / null: no value in this cell
  static Cell p_value(double p);              // "0.069" or "1.1e-05"; NaN -> "n/a" / null
  static Cell boolean(bool b);
};

struct Row {
  std::string group;  // human heading printed above the first row of each run of equal groups
  std::vector<Cell> cells;
};

struct Table {
  std::vector<Column> columns;
  std::vector<Row> rows;
};

struct MetaItem {
  std::string key;    // JSON member name
  std::string title;  // label for humans
  Cell value;
  Audience audience = Audience::kBoth;
};

struct Section {
  std::string title;  // the file (summary) or "A vs B" (compare)
  std::vector<MetaItem> meta;
  Table table;
  std::vector<std::string> notes;  // after the table; JSON "notes"
  Json extra = Json::object();     // JSON only: structured notes
};

struct Report {
  std::string kind;         // "summary", "compare", ...
  std::string section_key;  // CSV column / JSON member carrying each section's title
  std::vector<Section> sections;
};

void emit(const Report& report, Format format, std::ostream& out);

// RFC 4180: quote fields holding a comma, quote, CR or LF, doubling inner quotes.
std::string csv_field(std::string_view text);
// A JSON value as a CSV field: strings unquoted (then csv_field), numbers in shortest
// round-trip form, null empty.
std::string csv_value(const Json& raw);

}  // namespace papbench::report
