// fmt's compiled part, once for the whole build, when fmt is taken from source
// (cmake/papbench_dependencies.cmake). Header-only fmt (FMT_HEADER_ONLY) recompiles format-inl.h
// and generates its formatting core in every translation unit that includes fmt; in the cluster
// user's build (tests/e2e/cluster_install.sh) that was 70 of its 450 CPU-s. This
// one unit is what fmt's own src/format.cc is in 9.x (the pinned 9.1.0), so it also serves a
// source folder that has only the headers; the configure uses it only for fmt 9.
#include <fmt/format-inl.h>

#if FMT_VERSION < 90000 || FMT_VERSION >= 100000
#error \
    "cmake/fmt_compiled.cpp instantiates fmt 9's compiled part; this fmt is another major version"
#endif

FMT_BEGIN_NAMESPACE
namespace detail {

template FMT_API auto dragonbox::to_decimal(float x) noexcept -> dragonbox::decimal_fp<float>;
template FMT_API auto dragonbox::to_decimal(double x) noexcept -> dragonbox::decimal_fp<double>;

#ifndef FMT_STATIC_THOUSANDS_SEPARATOR
template FMT_API locale_ref::locale_ref(const std::locale& loc);
template FMT_API auto locale_ref::get<std::locale>() const -> std::locale;
#endif

template FMT_API auto thousands_sep_impl(locale_ref) -> thousands_sep_result<char>;
template FMT_API auto decimal_point_impl(locale_ref) -> char;
template FMT_API void buffer<char>::append(const char*, const char*);
template FMT_API void vformat_to(buffer<char>&, string_view,
                                 basic_format_args<FMT_BUFFER_CONTEXT(char)>, locale_ref);

template FMT_API auto thousands_sep_impl(locale_ref) -> thousands_sep_result<wchar_t>;
template FMT_API auto decimal_point_impl(locale_ref) -> wchar_t;
template FMT_API void buffer<wchar_t>::append(const wchar_t*, const wchar_t*);

}  // namespace detail
FMT_END_NAMESPACE
