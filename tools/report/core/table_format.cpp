#include "tools/report/core/table_format.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <ostream>

namespace papbench::report {
namespace {

bool shown(const Column& c, bool human) {
  return c.audience == Audience::kBoth || (c.audience == Audience::kHuman) == human;
}

// Three significant digits with trailing zeros kept ("11.0 us", not "11 us"), so a column of
// durations reads evenly; whole nanoseconds below 1 us, where timers resolve no finer.
std::string human_duration(double ns) {
  const double a = std::fabs(ns);
  if (a < 999.5) return fmt::format("{:.0f} ns", ns);
  constexpr std::pair<double, const char*> kUnits[] = {{1e3, "us"}, {1e6, "ms"}, {1e9, "s"}};
  for (std::size_t i = 0; i < std::size(kUnits); ++i) {
    const auto [scale, unit] = kUnits[i];
    const double v = ns / scale;
    const double av = std::fabs(v);
    // Values that would round up to 1000 move on to the next unit.
    if (av >= 999.5 && i + 1 < std::size(kUnits)) continue;
    const int decimals = av >= 99.95 ? 0 : (av >= 9.995 ? 1 : 2);
    return fmt::format("{:.{}f} {}", v, decimals, unit);
  }
  return fmt::format("{:.3g} s", ns / 1e9);
}

std::vector<std::size_t> visible_columns(const Table& t, bool human) {
  std::vector<std::size_t> out;
  for (std::size_t i = 0; i < t.columns.size(); ++i) {
    if (shown(t.columns[i], human)) out.push_back(i);
  }
  return out;
}

// Byte length is not display width once a cell holds UTF-8 (the † mark, a host name); count code
// points so the columns still line up.
std::size_t display_width(std::string_view s) {
  return static_cast<std::size_t>(std::count_if(
      s.begin(), s.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
}

void pad(std::string& out, std::string_view s, std::size_t width, bool left) {
  const std::size_t w = display_width(s);
  const std::string fill(width > w ? width - w : 0, ' ');
  if (left) {
    out.append(s).append(fill);
  } else {
    out.append(fill).append(s);
  }
}

// --- table (terminal) ---------------------------------------------------------------------

void emit_text_table(const Table& t, std::ostream& out) {
  const auto cols = visible_columns(t, true);
  std::vector<std::size_t> width(t.columns.size(), 0);
  for (std::size_t c : cols) width[c] = display_width(t.columns[c].title);
  for (const Row& r : t.rows) {
    for (std::size_t c : cols) width[c] = std::max(width[c], display_width(r.cells[c].text));
  }
  auto line = [&](auto&& text_of) {
    std::string text = "  ";
    for (std::size_t i = 0; i < cols.size(); ++i) {
      if (i > 0) text += "  ";
      pad(text, text_of(cols[i]), width[cols[i]], t.columns[cols[i]].align_left);
    }
    // Trailing blanks from an empty or left-aligned last column only upset diffs and greps.
    text.erase(text.find_last_not_of(' ') + 1);
    out << text << '\n';
  };
  const std::string* group = nullptr;
  for (const Row& r : t.rows) {
    if (group == nullptr || *group != r.group) {
      group = &r.group;
      if (!r.group.empty()) out << '\n' << r.group << '\n';
      line([&](std::size_t c) -> std::string_view { return t.columns[c].title; });
    }
    line([&](std::size_t c) -> std::string_view { return r.cells[c].text; });
  }
}

void emit_text(const Report& report, std::ostream& out) {
  bool first = true;
  for (const Section& s : report.sections) {
    if (!first) out << '\n';
    first = false;
    out << "== " << s.title << '\n';
    std::size_t w = 0;
    for (const MetaItem& m : s.meta) {
      if (m.audience != Audience::kMachine) w = std::max(w, display_width(m.title));
    }
    for (const MetaItem& m : s.meta) {
      if (m.audience == Audience::kMachine) continue;
      std::string text = "  ";
      pad(text, m.title, w, true);
      out << text << "  " << m.value.text << '\n';
    }
    if (s.table.rows.empty()) {
      out << "\n  (nothing to show)\n";
    } else {
      emit_text_table(s.table, out);
    }
    if (!s.notes.empty()) out << '\n';
    for (const std::string& n : s.notes) out << n << '\n';
  }
}

// --- markdown -----------------------------------------------------------------------------

// Pipes end a markdown cell; backslash-escape them so a label cannot break the table.
std::string md_escape(std::string_view s) {
  std::string out;
  for (char c : s) {
    if (c == '|') out += '\\';
    out += c;
  }
  return out;
}

void emit_markdown_table(const Table& t, std::ostream& out) {
  const auto cols = visible_columns(t, true);
  auto header = [&] {
    out << '|';
    for (std::size_t c : cols) out << ' ' << md_escape(t.columns[c].title) << " |";
    out << "\n|";
    for (std::size_t c : cols) out << (t.columns[c].align_left ? " :-- |" : " --: |");
    out << '\n';
  };
  const std::string* group = nullptr;
  for (const Row& r : t.rows) {
    if (group == nullptr || *group != r.group) {
      group = &r.group;
      if (!r.group.empty()) out << "\n**" << md_escape(r.group) << "**\n\n";
      header();
    }
    out << '|';
    for (std::size_t c : cols) out << ' ' << md_escape(r.cells[c].text) << " |";
    out << '\n';
  }
}

void emit_markdown(const Report& report, std::ostream& out) {
  bool first = true;
  for (const Section& s : report.sections) {
    if (!first) out << '\n';
    first = false;
    out << "## " << md_escape(s.title) << "\n\n";
    for (const MetaItem& m : s.meta) {
      if (m.audience == Audience::kMachine) continue;
      out << "- **" << md_escape(m.title) << "**: " << md_escape(m.value.text) << '\n';
    }
    if (s.table.rows.empty()) {
      out << "\n_Nothing to show._\n";
    } else {
      emit_markdown_table(s.table, out);
    }
    if (!s.notes.empty()) out << '\n';
    for (const std::string& n : s.notes) out << md_escape(n) << "  \n";
  }
}

// --- csv ------------------------------------------------------------------------------------

void emit_csv(const Report& report, std::ostream& out) {
  // Sections with the same columns share one header, the section title becoming the first
  // column. A section with other columns (a view's trend verdicts beside its table, trend_rows)
  // starts a table of its own: a blank line, then its header. Meta and notes have no place in a
  // flat table: they are in the JSON output.
  const Table* shape = nullptr;
  std::vector<std::size_t> cols;
  const auto same_columns = [](const Table& a, const Table& b) {
    return std::equal(a.columns.begin(), a.columns.end(), b.columns.begin(), b.columns.end(),
                      [](const Column& x, const Column& y) { return x.key == y.key; });
  };
  for (const Section& s : report.sections) {
    if (shape == nullptr || !same_columns(*shape, s.table)) {
      if (shape != nullptr) out << '\n';
      shape = &s.table;
      cols = visible_columns(*shape, false);
      out << csv_field(report.section_key);
      for (std::size_t c : cols) out << ',' << csv_field(shape->columns[c].key);
      out << '\n';
    }
    for (const Row& r : s.table.rows) {
      out << csv_field(s.title);
      for (std::size_t c : cols) out << ',' << csv_value(r.cells[c].raw);
      out << '\n';
    }
  }
}

// --- json -----------------------------------------------------------------------------------

void emit_json(const Report& report, std::ostream& out) {
  Json doc;
  doc["report"] = report.kind;
  doc["sections"] = Json::array();
  for (const Section& s : report.sections) {
    Json js = Json::object();
    js[report.section_key] = s.title;
    Json meta = Json::object();
    for (const MetaItem& m : s.meta) {
      if (m.audience != Audience::kHuman) meta[m.key] = m.value.raw;
    }
    js["meta"] = std::move(meta);
    const auto cols = visible_columns(s.table, false);
    Json rows = Json::array();
    for (const Row& r : s.table.rows) {
      Json jr = Json::object();
      for (std::size_t c : cols) jr[s.table.columns[c].key] = r.cells[c].raw;
      rows.push_back(std::move(jr));
    }
    js["rows"] = std::move(rows);
    js["notes"] = s.notes;
    for (const auto& [k, v] : s.extra.items()) js[k] = v;
    doc["sections"].push_back(std::move(js));
  }
  // Command lines and host names are bytes from another machine; replace invalid UTF-8 rather
  // than throw halfway through the output.
  out << doc.dump(2, ' ', false, Json::error_handler_t::replace) << '\n';
}

}  // namespace

Cell Cell::str(std::string s) {
  Cell c;
  c.raw = s;
  c.text = std::move(s);
  return c;
}

Cell Cell::integer(long long v) {
  return {fmt::format("{}", v), v};
}

Cell Cell::duration(double ns) {
  if (std::isnan(ns)) return {"-", nullptr};
  return {human_duration(ns), ns};
}

Cell Cell::fixed(double v, int decimals) {
  if (std::isnan(v)) return {"-", nullptr};
  return {fmt::format("{:.{}f}", v, decimals), v};
}

Cell Cell::ratio(double v) {
  return std::isfinite(v) ? fixed(v, 2) : none();
}

Cell Cell::none() {
  return {"-", nullptr};
}

Cell Cell::p_value(double p) {
  if (std::isnan(p)) return {"n/a", nullptr};
  return {p < 1e-3 ? fmt::format("{:.1e}", p) : fmt::format("{:.3f}", p), p};
}

Cell Cell::boolean(bool b) {
  return {b ? "yes" : "no", b};
}

std::string csv_field(std::string_view text) {
  if (text.find_first_of(",\"\r\n") == std::string_view::npos) return std::string(text);
  std::string out = "\"";
  for (char c : text) {
    if (c == '"') out += '"';
    out += c;
  }
  out += '"';
  return out;
}

std::string csv_value(const Json& raw) {
  if (raw.is_null()) return "";
  if (raw.is_string()) return csv_field(raw.get_ref<const std::string&>());
  if (raw.is_number_float()) {
    const double v = raw.get<double>();
    return std::isfinite(v) ? fmt::format("{}", v) : "";
  }
  if (raw.is_boolean()) return raw.get<bool>() ? "true" : "false";
  return raw.dump();
}

void emit(const Report& report, Format format, std::ostream& out) {
  switch (format) {
    case Format::kTable:
      emit_text(report, out);
      break;
    case Format::kMarkdown:
      emit_markdown(report, out);
      break;
    case Format::kCsv:
      emit_csv(report, out);
      break;
    case Format::kJson:
      emit_json(report, out);
      break;
  }
}

}  // namespace papbench::report
