/* An application for `papbench capture --substitute` (capture_substitute.sh): reduce, allreduce,
 * bcast, scatter and gather with moving roots, fresh buffers per call, MPI_IN_PLACE, a
 * communicator made and freed every round, and calls no papbench algorithm may serve (a
 * non-commutative user op, a derived datatype). Each rank prints one line with a hash of every
 * result it received, so a run with the library's collectives and one with papbench's compare
 * bit for bit. Usage: capture_substitute_app ROUNDS */
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t hash = 1469598103934665603ULL; /* FNV-1a over every result byte */

static void mix(const void* p, size_t bytes) {
  const unsigned char* b = (const unsigned char*)p;
  for (size_t i = 0; i < bytes; ++i) {
    hash ^= b[i];
    hash *= 1099511628211ULL;
  }
}

static void* fresh(size_t bytes) {
  void* p = malloc(bytes > 0 ? bytes : 1);
  memset(p, 0xa5, bytes);
  return p;
}

/* Not commutative: a papbench reduce must leave it to the library. */
static void first_wins(void* in, void* inout, int* len, MPI_Datatype* dt) {
  (void)in, (void)inout, (void)len, (void)dt;
}

/* A second bcast site, for --substitute site=...: its own return address. */
__attribute__((noinline)) void second_site_bcast(double* v, int n, int root, MPI_Comm comm) {
  MPI_Bcast(v, n, MPI_DOUBLE, root, comm);
  __asm__ volatile("" ::: "memory");
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, size = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  const int rounds = argc > 1 ? atoi(argv[1]) : 4;
  MPI_Op nc;
  MPI_Op_create(first_wins, 0, &nc);
  MPI_Datatype triple;
  MPI_Type_contiguous(3, MPI_INT, &triple);
  MPI_Type_commit(&triple);
  for (int it = 0; it < rounds; ++it) {
    const int root = it % size;
    const int n = 1000 + 37 * it; /* a new shape every round */
    int* si = fresh(n * sizeof(int));
    int* ri = fresh(n * sizeof(int));
    for (int i = 0; i < n; ++i) si[i] = (rank + 1) * 1000003 + i * (it + 7);
    MPI_Reduce(si, ri, 1000, MPI_INT, MPI_SUM, root, MPI_COMM_WORLD); /* one shape throughout */
    if (rank == root) mix(ri, 1000 * sizeof(int));
    /* MPI_IN_PLACE at the root */
    int* io = fresh(n * sizeof(int));
    memcpy(io, si, n * sizeof(int));
    MPI_Reduce(rank == root ? MPI_IN_PLACE : io, io, n, MPI_INT, MPI_BXOR, root, MPI_COMM_WORLD);
    if (rank == root) mix(io, n * sizeof(int));
    /* not commutative: the library's */
    MPI_Reduce(si, ri, 16, MPI_INT, nc, root, MPI_COMM_WORLD);
    if (rank == root) mix(ri, 16 * sizeof(int));
    free(si), free(ri), free(io);

    long long* al = fresh(300 * sizeof(long long));
    long long* ar = fresh(300 * sizeof(long long));
    for (int i = 0; i < 300; ++i) al[i] = (long long)(rank * 7 + i) << (it % 20);
    MPI_Allreduce(al, ar, 300, MPI_LONG_LONG, MPI_SUM, MPI_COMM_WORLD);
    mix(ar, 300 * sizeof(long long));
    MPI_Allreduce(MPI_IN_PLACE, al, 300, MPI_LONG_LONG, MPI_MAX, MPI_COMM_WORLD);
    mix(al, 300 * sizeof(long long));
    free(al), free(ar);

    const int m = 777 + it;
    double* b = fresh(m * sizeof(double));
    for (int i = 0; i < m && rank == root; ++i) b[i] = 1.0 / (i + 1 + it);
    MPI_Bcast(b, m, MPI_DOUBLE, root, MPI_COMM_WORLD);
    mix(b, m * sizeof(double));
    for (int i = 0; i < m && rank == (root + 1) % size; ++i) b[i] = 3.0 * i - it;
    second_site_bcast(b, m, (root + 1) % size, MPI_COMM_WORLD);
    mix(b, m * sizeof(double));
    int* t = fresh(30 * sizeof(int));
    for (int i = 0; i < 30 && rank == root; ++i) t[i] = i * it;
    MPI_Bcast(t, 10, triple, root, MPI_COMM_WORLD); /* derived: the library's */
    mix(t, 30 * sizeof(int));
    free(b), free(t);

    const int k = 5 + it;
    double* all = fresh((size_t)size * k * sizeof(double));
    double* mine = fresh(k * sizeof(double));
    for (int i = 0; i < size * k && rank == root; ++i) all[i] = i * 0.5 + it;
    MPI_Scatter(all, k, MPI_DOUBLE, mine, k, MPI_DOUBLE, root, MPI_COMM_WORLD);
    mix(mine, k * sizeof(double));
    MPI_Scatter(all, k, MPI_DOUBLE, rank == root ? MPI_IN_PLACE : mine, k, MPI_DOUBLE, root,
                MPI_COMM_WORLD);
    mix(mine, k * sizeof(double));
    for (int i = 0; i < k; ++i) mine[i] = rank * 100.0 + i + it;
    memset(all, 0, (size_t)size * k * sizeof(double));
    MPI_Gather(mine, k, MPI_DOUBLE, all, k, MPI_DOUBLE, root, MPI_COMM_WORLD);
    if (rank == root) mix(all, (size_t)size * k * sizeof(double));
    if (rank == root) memcpy(all + (size_t)root * k, mine, k * sizeof(double));
    MPI_Gather(rank == root ? MPI_IN_PLACE : mine, k, MPI_DOUBLE, all, k, MPI_DOUBLE, root,
               MPI_COMM_WORLD);
    if (rank == root) mix(all, (size_t)size * k * sizeof(double));
    free(all), free(mine);

    /* A communicator made and freed every round: its prepared algorithms go with it. */
    MPI_Comm half;
    MPI_Comm_split(MPI_COMM_WORLD, rank % 2, size - rank, &half);
    int hr = 0;
    MPI_Comm_rank(half, &hr);
    int v[64];
    for (int i = 0; i < 64; ++i) v[i] = hr == 0 ? i * (it + 1) : -1;
    MPI_Bcast(v, 64, MPI_INT, 0, half);
    mix(v, sizeof v);
    int s = 0;
    MPI_Allreduce(&rank, &s, 1, MPI_INT, MPI_SUM, half);
    mix(&s, sizeof s);
    MPI_Comm_free(&half);
  }
  printf("rank %d of %d: %d rounds, results hash %016llx\n", rank, size, rounds,
         (unsigned long long)hash);
  MPI_Type_free(&triple);
  MPI_Op_free(&nc);
  MPI_Finalize();
  return 0;
}
