#!/usr/bin/env bash
# The Spack package (packaging/spack/packages/papbench/package.py) without a Spack, which cannot
# be had here. What it checks:
#   1. the file compiles (python3 -m py_compile);
#   2. imported against a stand-in of Spack's package API (written below: the directives collect
#      what they are given; define and define_from_variant format as Spack's
#      build_systems/cmake.py does: -DNAME:BOOL=ON|OFF, -DNAME:STRING=value), once as Spack 0.x
#      offers CMakePackage (from spack.package) and once as Spack 1.x does
#      (spack_repo.builtin.build_systems.cmake), it declares the variants papi, tests, plot, micro
#      and docs with their defaults; every depends_on names a package of Spack's builtin
#      repository, with variants that package has; cmake_args() gives, for each variant set
#      tried, exactly one flag per build variant with the variant's value, and every PAPBENCH_*
#      flag is an option or cache variable papbench's CMake declares (read from its CMake files
#      now, so a renamed option fails here); check() runs ctest labels the tests have;
#   3. papbench configures (configure only, no build) with exactly the flags cmake_args() gives
#      for +papi ~tests +plot ~micro +docs, MPI at /usr, and each of them was declared or read
#      by that configure.
# Not checked: concretization, fetching and building under a real Spack.
# Exit 0: passed; 77: skipped (no python3); 1: failed.
set -euo pipefail
: "${SOURCE_DIR:=$(cd "$(dirname "$0")/../.." && pwd)}"
: "${CMAKE:=cmake}"
fail() { echo "FAIL: $*" >&2; exit 1; }
if ! command -v python3 >/dev/null; then
  echo "SKIP: python3 is not installed (the Spack package is Python)"
  exit 77
fi
package=$SOURCE_DIR/packaging/spack/packages/papbench/package.py
[[ -f $package ]] || fail "$package is missing"
[[ -f $SOURCE_DIR/packaging/spack/repo.yaml ]] || fail "packaging/spack/repo.yaml is missing"
grep -qE '^\s+namespace:\s+papbench\s*$' "$SOURCE_DIR/packaging/spack/repo.yaml" ||
  fail "packaging/spack/repo.yaml does not give the namespace papbench"
work=$(mktemp -d "${TMPDIR:-/tmp}/papbench-spack.XXXXXX")
trap 'rm -rf "$work"' EXIT

# 1. Compiles (the bytecode goes to the scratch folder, not beside the source).
PYTHONPYCACHEPREFIX=$work/pycache python3 -m py_compile "$package" || fail "package.py does not compile"
echo "py_compile: ok"

# The options and cache variables papbench's CMake declares, from the CMake files of the source
# tree (tracked or new, build folders left out).
if git -C "$SOURCE_DIR" rev-parse --git-dir >/dev/null 2>&1; then
  mapfile -t cmake_files < <(git -C "$SOURCE_DIR" ls-files -co --exclude-standard -- \
    'CMakeLists.txt' '*/CMakeLists.txt' '*.cmake' | sed "s|^|$SOURCE_DIR/|")
else
  mapfile -t cmake_files < <(find "$SOURCE_DIR" -path "$SOURCE_DIR/build*" -prune -o \
    \( -name CMakeLists.txt -o -name '*.cmake' \) -type f -print)
fi
cat "${cmake_files[@]}" 2>/dev/null |
  grep -oE '(option\(\s*PAPBENCH_[A-Z0-9_]+|set\(\s*PAPBENCH_[A-Z0-9_]+\s[^)]*CACHE)' |
  grep -oE 'PAPBENCH_[A-Z0-9_]+' | sort -u >"$work/declared.txt"
[[ -s $work/declared.txt ]] || fail "found no option(PAPBENCH_...) in papbench's CMake files"

# 2. A stand-in of the spack.package API: just what package.py may use, recorded for the checks.
mkdir -p "$work/stub/spack" "$work/stub1/spack_repo/builtin/build_systems"
cat >"$work/stub/spack/__init__.py" <<'EOF'
EOF
cat >"$work/stub/spack/package.py" <<'EOF'
"""Stand-in of spack.package for tests/e2e/spack_package.sh (not Spack)."""
import contextlib
import os
import sys

_pending = []  # directives of the class body being executed
_when = []     # enclosing `with when(...)` conditions


def _directive(kind):
    def record(*args, **kwargs):
        if _when and "when" not in kwargs:
            kwargs["when"] = " ".join(_when)
        _pending.append((kind, args, kwargs))
    return record


version = _directive("version")
variant = _directive("variant")
depends_on = _directive("depends_on")
conflicts = _directive("conflicts")
requires = _directive("requires")
provides = _directive("provides")
license = _directive("license")
maintainers = _directive("maintainers")
patch = _directive("patch")
resource = _directive("resource")


@contextlib.contextmanager
def when(condition):
    _when.append(condition)
    try:
        yield
    finally:
        _when.pop()


def run_after(*phases, **kwargs):
    def mark(fn):
        fn._run_after = phases
        return fn
    return mark


def run_before(*phases, **kwargs):
    def mark(fn):
        fn._run_before = phases
        return fn
    return mark


def on_package_attributes(**attrs):
    return lambda fn: fn


join_path = os.path.join
calls = []  # executables run (ctest, cmake, ...)


class Executable:
    def __init__(self, name):
        self.name = name

    def __call__(self, *args, **kwargs):
        calls.append((self.name,) + tuple(str(a) for a in args))


ctest = Executable("ctest")
cmake = Executable("cmake")
make = Executable("make")
ninja = Executable("ninja")


def which(name, **kwargs):
    return Executable(name)


@contextlib.contextmanager
def working_dir(path, **kwargs):
    yield


class Prefix(str):
    def __getattr__(self, name):
        if name.startswith("_"):
            raise AttributeError(name)
        return Prefix(os.path.join(self, name))


class Variant:
    def __init__(self, value):
        self.value = value


class Spec:
    def __init__(self, name, variants=None, prefix="/spack/opt/" + "x", deps=None, **attrs):
        self.name = name
        self.variants = dict((k, Variant(v)) for k, v in (variants or {}).items())
        self.prefix = Prefix(prefix)
        self._deps = deps or {}
        for k, v in attrs.items():
            setattr(self, k, v)

    def __getitem__(self, name):
        return self._deps[name]

    def satisfies(self, constraint):
        raise NotImplementedError("the stand-in does not evaluate spec constraints")


def define(cmake_var, value):
    """As spack.build_systems.cmake.define: bool -> BOOL ON/OFF, list -> ;-joined STRING."""
    if isinstance(value, bool):
        return "-D%s:BOOL=%s" % (cmake_var, "ON" if value else "OFF")
    if isinstance(value, (list, tuple)):
        value = ";".join(str(v) for v in value)
    return "-D%s:STRING=%s" % (cmake_var, value)


class PackageBase:
    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        cls.directives = list(_pending)
        _pending.clear()
        cls.variants = dict((a[0], k) for kind, a, k in cls.directives if kind == "variant")

    def __init__(self, spec):
        self.spec = spec
        self.name = spec.name
        self.build_directory = "/spack/stage/build"
        self.run_tests = False

    def has_variant(self, name):
        return name in self.variants


def _define_from_variant(self, cmake_var, variant=None):
    """As Spack's: KeyError for an undeclared variant, "" for one the spec lacks."""
    if variant is None:
        variant = cmake_var.lower()
    if not self.has_variant(variant):
        raise KeyError('"%s" is not a variant of "%s"' % (variant, self.name))
    if variant not in self.spec.variants:
        return ""
    value = self.spec.variants[variant].value
    if isinstance(value, (list, tuple)):
        value = sorted(value)
    return define(cmake_var, value)


class CMakePackage(PackageBase):
    define = staticmethod(define)
    define_from_variant = _define_from_variant


# Spack 1.x does not export CMakePackage here (the stub1 flavour of this test).
if os.environ.get("STUB_SPACK1"):
    del CMakePackage
EOF
# Spack 1.x's home of CMakePackage, for the second import.
for d in spack_repo spack_repo/builtin spack_repo/builtin/build_systems; do
  : >"$work/stub1/$d/__init__.py"
done
cat >"$work/stub1/spack_repo/builtin/build_systems/cmake.py" <<'EOF'
from spack.package import PackageBase, _define_from_variant, define


class CMakePackage(PackageBase):
    define = staticmethod(define)
    define_from_variant = _define_from_variant
EOF

cat >"$work/check.py" <<'EOF'
"""Imports package.py against the stand-in and checks it (tests/e2e/spack_package.sh)."""
import importlib.util
import re
import sys

package_path, declared_path, flags_out, flavour = sys.argv[1:5]
import spack.package as sp  # the stand-in

spec = importlib.util.spec_from_file_location("papbench_package", package_path)
module = importlib.util.module_from_spec(spec)
spec.loader.exec_module(module)
Papbench = module.Papbench
errors = []
if flavour == "spack1" and Papbench.__mro__[1].__module__ != "spack_repo.builtin.build_systems.cmake":
    errors.append("under Spack 1.x CMakePackage must come from spack_repo.builtin.build_systems.cmake")

# Variants and their defaults (issue 42 item 4, and what the brief asked).
want = {"papi": True, "tests": False, "plot": True, "micro": False, "docs": True}
variants = {a[0]: k for kind, a, k in Papbench.directives if kind == "variant"}
for name, default in want.items():
    if name not in variants:
        errors.append("variant %s is not declared" % name)
    elif variants[name].get("default") is not default:
        errors.append("variant %s: default %r, expected %r" % (name, variants[name].get("default"), default))
    elif not variants[name].get("description"):
        errors.append("variant %s has no description" % name)
for name in variants:
    if name not in want:
        errors.append("variant %s is not one this test knows: add it to the checks" % name)

# Versions: a branch, no made-up checksums.
versions = [(a, k) for kind, a, k in Papbench.directives if kind == "version"]
if not versions:
    errors.append("no version() declared")
for a, k in versions:
    if "sha256" in k and not re.fullmatch(r"[0-9a-f]{64}", k["sha256"]):
        errors.append("version %s: sha256 %r is not a checksum" % (a[0], k["sha256"]))
if not getattr(Papbench, "git", "").endswith(".git"):
    errors.append("git = ... is not a repository URL")

# Every dependency names a package of Spack's builtin repository (spack/spack-packages,
# repos/spack_repo/builtin/packages/<name with _ for ->/package.py, read at commit
# 1e8cf059e35d55c4fe1142fed41785bedf6c7246, 2026-07-01), with variants that package declares
# (only the ones package.py uses are listed). c, cxx and mpi are virtual packages.
builtin = {
    "c": set(), "cxx": set(), "mpi": set(), "cmake": set(), "hdf5": {"mpi", "cxx", "hl", "shared"},
    "papi": set(), "cli11": set(), "fmt": set(), "nlohmann-json": set(), "eigen": set(),
    "boost": set(), "googletest": {"gmock", "shared"}, "benchmark": set(),
    "gnuplot": {"cairo", "gd", "X"},
}
deps = {}
for kind, a, k in Papbench.directives:
    if kind != "depends_on":
        continue
    text = a[0]
    name = re.match(r"[A-Za-z0-9_-]+", text).group(0)
    deps[name] = (text, k)
    if name not in builtin:
        errors.append("depends_on(%r): %s is not a package this test knows in Spack's builtin repo" % (text, name))
        continue
    for v in re.findall(r"[+~]\s*([A-Za-z0-9_]+)", text):
        if v not in builtin[name]:
            errors.append("depends_on(%r): %s has no variant %s (as far as this test knows)" % (text, name, v))
    when = k.get("when", "")
    for v in re.findall(r"[+~]([A-Za-z0-9_]+)", when):
        if v not in variants:
            errors.append("depends_on(%r, when=%r): no variant %s" % (text, when, v))
for name in ("mpi", "hdf5", "cmake", "cli11", "fmt", "nlohmann-json", "eigen", "boost"):
    if name not in deps:
        errors.append("no depends_on(%r)" % name)
for name, variant in (("papi", "+papi"), ("googletest", "+tests"), ("benchmark", "+micro"), ("gnuplot", "+plot")):
    if name not in deps or deps[name][1].get("when") != variant:
        errors.append("%s must be a dependency when=%r" % (name, variant))
if "gnuplot" in deps and deps["gnuplot"][1].get("type") != "run":
    errors.append("gnuplot is needed at run time only: type='run'")

# cmake_args() for several variant sets: one flag per build variant, with its value; every
# PAPBENCH_* flag declared in papbench's CMake; the other flags FindMPI's.
declared = set(open(declared_path).read().split())
flag_of = {"papi": "PAPBENCH_WITH_PAPI", "tests": "PAPBENCH_BUILD_TESTS",
           "micro": "PAPBENCH_BUILD_MICRO", "docs": "PAPBENCH_BUILD_DOCS"}
fixed = {"PAPBENCH_FETCH_DEPENDENCIES": "BOOL=OFF"}
findmpi = {"MPI_C_COMPILER", "MPIEXEC_EXECUTABLE"}


def cmake_args(values):
    mpi = sp.Spec("openmpi", prefix="/usr", mpicc="/usr/bin/mpicc", mpicxx="/usr/bin/mpicxx")
    pkg = Papbench(sp.Spec("papbench", variants=values, deps={"mpi": mpi}))
    return pkg, [a for a in pkg.cmake_args() if a != ""]


chosen = {"papi": True, "tests": False, "plot": True, "micro": False, "docs": True}
# The chosen set, each variant flipped alone (a flag tied to the wrong variant shows), all flipped.
tried = [chosen] + [dict(chosen, **{k: not v}) for k, v in chosen.items()]
tried.append({k: not v for k, v in chosen.items()})
for values in tried:
    pkg, args = cmake_args(values)
    names = []
    for arg in args:
        m = re.fullmatch(r"-D([A-Za-z0-9_]+):(BOOL|STRING|PATH|FILEPATH)=(.*)", arg)
        if not m:
            errors.append("cmake_args: %r is not -DNAME:TYPE=VALUE" % arg)
            continue
        name, typ, value = m.groups()
        names.append(name)
        if name.startswith("PAPBENCH_") and name not in declared:
            errors.append("cmake_args: %s is not an option or cache variable of papbench's CMake" % name)
        elif not name.startswith("PAPBENCH_") and name not in findmpi:
            errors.append("cmake_args: %s is neither papbench's nor one of FindMPI's %s" % (name, sorted(findmpi)))
        for variant, flag in flag_of.items():
            if name == flag and arg != "-D%s:BOOL=%s" % (flag, "ON" if values[variant] else "OFF"):
                errors.append("cmake_args for %s=%s gives %r" % (variant, values[variant], arg))
        if name in fixed and "%s=%s" % (typ, value) != fixed[name]:
            errors.append("cmake_args gives %r; expected %s:%s" % (arg, name, fixed[name]))
    for flag in list(flag_of.values()) + list(fixed) + sorted(findmpi):
        if names.count(flag) != 1:
            errors.append("cmake_args gives %s %d times" % (flag, names.count(flag)))
    if values is chosen:
        with open(flags_out, "w") as out:
            out.write("\n".join(args) + "\n")
    if "-DMPI_C_COMPILER:STRING=/usr/bin/mpicc" not in args:
        errors.append("MPI_C_COMPILER is not the mpi spec's mpicc")
    if "-DMPIEXEC_EXECUTABLE:STRING=/usr/bin/mpiexec" not in args:
        errors.append("MPIEXEC_EXECUTABLE is not the mpi prefix's bin/mpiexec")

# check(): ctest with labels papbench's tests carry (printed for the shell to verify).
sp.calls.clear()
pkg, _ = cmake_args(dict(chosen, tests=True))
if hasattr(Papbench, "check"):
    pkg.check()
labels = set()
for call in sp.calls:
    if call[0] == "ctest":
        labels.update(call[i + 1] for i, a in enumerate(call[:-1]) if a == "-L")
with open(flags_out + ".labels", "w") as out:
    out.write("\n".join(sorted(labels)) + "\n")

if errors:
    print("\n".join("FAIL: " + e for e in errors), file=sys.stderr)
    sys.exit(1)
print("%s: %d variants, %d dependencies, cmake_args ok for %d variant sets"
      % (flavour, len(variants), len(deps), len(tried)))
EOF

PYTHONPYCACHEPREFIX=$work/pycache PYTHONPATH=$work/stub python3 "$work/check.py" "$package" \
  "$work/declared.txt" "$work/flags.txt" spack0 || fail "package.py under the Spack 0.x stand-in"
PYTHONPYCACHEPREFIX=$work/pycache STUB_SPACK1=1 PYTHONPATH=$work/stub:$work/stub1 python3 \
  "$work/check.py" "$package" "$work/declared.txt" "$work/flags1.txt" spack1 ||
  fail "package.py under the Spack 1.x stand-in"
cmp -s "$work/flags.txt" "$work/flags1.txt" || fail "cmake_args differs between the two stand-ins"
while read -r label; do
  [[ -z $label ]] && continue
  grep -rqE "(LABELS|_labels|tier)\b[^)]*\b$label\b" "$SOURCE_DIR/tests/CMakeLists.txt" \
    "$SOURCE_DIR/tests/tiers.cmake" "$SOURCE_DIR"/tests/*/CMakeLists.txt ||
    fail "check() runs ctest -L $label, a label no test carries"
done <"$work/flags.txt.labels"
echo "check(): ctest -L $(paste -sd' ' "$work/flags.txt.labels")"

# 3. papbench configures with exactly those flags (MPI at /usr: this Debian machine's).
mapfile -t flags <"$work/flags.txt"
echo "cmake_args (+papi ~tests +plot ~micro +docs): ${flags[*]}"
if ! "$CMAKE" -S "$SOURCE_DIR" -B "$work/build" "${flags[@]}" >"$work/configure.txt" 2>&1; then
  cat "$work/configure.txt" >&2
  fail "papbench does not configure with the package's flags"
fi
# Each flag reached something in the configure that ran: it was declared there (an option() or a
# cache variable: its cache entry then has that help text, not "No help, variable specified on
# the command line.") or read there (CMake then leaves it out of "Manually-specified variables
# were not used"). Either alone is no test: an option read only in a branch not taken (like
# PAPBENCH_FETCH_DEPENDENCIES when every dependency is found) is listed as not used, and FindMPI
# reads MPI_C_COMPILER and MPIEXEC_EXECUTABLE without declaring what it is given.
sed -n '/Manually-specified variables were not used/,$p' "$work/configure.txt" |
  grep -E '^ +[A-Za-z0-9_]+ *$' | tr -d ' ' >"$work/unused.txt" || true
for flag in "${flags[@]}"; do
  name=${flag#-D}; name=${name%%:*}
  help=$(grep -B1 "^$name:" "$work/build/CMakeCache.txt" | head -n 1) ||
    fail "$name is not in the configured cache"
  if [[ $help == *"No help, variable specified on the command line"* ]] &&
     grep -qx "$name" "$work/unused.txt"; then
    sed -n '/Manually-specified variables were not used/,$p' "$work/configure.txt" >&2
    fail "$name: the configure neither declared nor read it (a renamed option, or a CMake file not included?)"
  fi
done
grep -q "^PAPBENCH_FETCH_DEPENDENCIES:BOOL=OFF" "$work/build/CMakeCache.txt" ||
  fail "the configured cache lacks PAPBENCH_FETCH_DEPENDENCIES=OFF"
echo "configure: ok ($("$CMAKE" --version | head -n 1), generator ${CMAKE_GENERATOR:-default})"
echo "spack_package: ok"
