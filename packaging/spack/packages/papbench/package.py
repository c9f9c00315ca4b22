# Spack package for papbench (issue 42). Its repository is packaging/spack (repo.yaml):
#   spack repo add <papbench checkout>/packaging/spack
#   spack install papbench@main +papi ~tests +plot ^openmpi
#
# What was checked, and with what: no real Spack could be had where this was written.
# tests/e2e/spack_package.sh compiles this file, imports it against a stand-in of the spack.package
# API (define/define_from_variant as Spack's build_systems/cmake.py spells them), checks the
# variants and that every dependency names a package of Spack's builtin repository, and configures
# papbench with the -D flags cmake_args() returns. Concretization, fetching and building under
# Spack were not tried.

from spack.package import *

# Spack 1.x keeps the build systems in its builtin package repository; Spack 0.x exports
# CMakePackage from spack.package (imported above).
try:
    from spack_repo.builtin.build_systems.cmake import CMakePackage
except ImportError:
    pass


class Papbench(CMakePackage):
    """MPI collective benchmark with process-arrival-pattern (PAP) control, per-rank timing,
    PAPI counters and HDF5 result files, and papbench-report, which summarizes, compares, models
    and plots those results."""

    homepage = "https://github.com/papbench/papbench"
    git = "https://github.com/papbench/papbench.git"

    # No release has been tagged yet: only the branch (no made-up checksums).
    version("main", branch="main")

    variant("papi", default=True, description="Capture PAPI hardware counters per rank")
    variant(
        "tests",
        default=False,
        description="Build the test suite (GoogleTest); `spack install --test=root` runs part of it",
    )
    variant(
        "plot",
        default=True,
        description="papbench-report plot: gnuplot (SVG, and PNG/PDF through cairo) at run time",
    )
    variant("micro", default=False, description="Build the Google Benchmark micro-benchmarks")
    variant("docs", default=True, description="Install the man pages and bash completion")

    depends_on("c", type="build")
    depends_on("cxx", type="build")  # C++20
    depends_on("cmake@3.25:", type="build")

    depends_on("mpi")
    # The C API of HDF5 only, written by rank 0: a serial HDF5 serves, and so does one built
    # +mpi (Spack then builds it against papbench's MPI, the one MPI of the DAG). No constraint
    # on +mpi, +cxx or +hl, so an environment's existing HDF5 is taken as it is.
    depends_on("hdf5@1.10:")
    depends_on("papi", when="+papi")

    # The minimums are those cmake/papbench_dependencies.cmake gives find_package. All but fmt
    # are used header-only; Boost only for the header-only Boost.Math and Boost.Heap, which every
    # Boost install has (the boost package's variants name its compiled libraries).
    depends_on("cli11@2.1:")
    depends_on("fmt@9:")
    depends_on("nlohmann-json@3.10:")
    depends_on("eigen@3.3:")
    depends_on("boost@1.74:")

    # Test and micro-benchmark executables stay in the build tree (nothing of theirs is
    # installed), but they are compiled whenever the variant is on, not only under --test:
    # hence type "build", not "test".
    depends_on("googletest@1.10: +gmock", type="build", when="+tests")
    depends_on("benchmark@1.6:", type="build", when="+micro")

    # papbench-report runs gnuplot from PATH; png and pdf use its cairo terminals.
    depends_on("gnuplot +cairo", type="run", when="+plot")

    def cmake_args(self):
        mpi = self.spec["mpi"]
        return [
            self.define_from_variant("PAPBENCH_WITH_PAPI", "papi"),
            self.define_from_variant("PAPBENCH_BUILD_TESTS", "tests"),
            self.define_from_variant("PAPBENCH_BUILD_MICRO", "micro"),
            self.define_from_variant("PAPBENCH_BUILD_DOCS", "docs"),
            # Spack provides every dependency: one it did not is an error, never a download.
            self.define("PAPBENCH_FETCH_DEPENDENCIES", False),
            # FindMPI is pointed at the DAG's MPI, not whatever mpicc is first on PATH.
            self.define("MPI_C_COMPILER", mpi.mpicc),
            self.define("MPIEXEC_EXECUTABLE", join_path(mpi.prefix.bin, "mpiexec")),
        ]

    def check(self):
        # The unit tests, and the MPI tests of the quick tier (up to 4 ranks). The end-to-end
        # tests need programs outside this DAG (h5dump, rsvg-convert, xmllint, Slurm, hpcc):
        # tools/test.sh runs them on a development machine.
        with working_dir(self.build_directory):
            ctest("--output-on-failure", "-L", "unit")
            ctest("--output-on-failure", "-L", "mpi", "-L", "quick")

    # Nothing for setup_run_environment: Spack's own modules (and `spack load`) already put
    # bin/ on PATH and share/man on MANPATH, and the installed job scripts under
    # share/papbench/jobs find papbench relative to themselves. The programs carry an RPATH to
    # the MPI, HDF5 and PAPI they were linked with.
    #
    # No run_after("install") step either. The install also holds an Lmod modulefile,
    # share/modulefiles/papbench/<version>.lua (packaging/lmod), for installs made without
    # Spack; under Spack, `spack module lmod refresh` generates the modules, and that file can
    # be ignored.
