/* An application for `papbench capture --substitute` (capture_substitute.sh): reduce, allreduce,
 * bcast, scatter and gather with moving roots, fresh buffers per call, MPI_IN_PLACE, a
 * communicator made and freed every round, and calls no papbench algorithm may serve (a
 * non-commutative user op, a derived datatype); iallreduce and ibcast several in flight at once,
 * beside point-to-point requests, completed by every kind of wait and test, one only by MPI_Test
 * calls between compute; gatherv and scatterv (the library's: no papbench algorithm). Each rank
 * prints one line with a hash of every result it received, so a run with the library's
 * collectives and one with papbench's compare bit for bit. Usage: capture_substitute_app ROUNDS */
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

/* Compute between post and completion (its sum kept where no compiler drops it, not hashed: the
 * MPI_Test loop runs it as often as the collective takes). */
static volatile double sink;
static double busy(int n) {
  double x = 0;
  for (int i = 1; i <= n; ++i) x += 1.0 / i;
  return x;
}

/* The nonblocking collectives of one round (capture_substitute.sh substitutes iallreduce and
 * ibcast): every completion call, requests of both kinds in one call, a communicator of its own. */
static void nonblocking_round(int it, int rank, int size, MPI_Op nc, MPI_Datatype triple) {
  const int root = (it + 1) % size;
  /* Two iallreduces of different shapes in flight at once (one in place), completed together. */
  long long* a = fresh(300 * sizeof(long long));
  long long* ar = fresh(300 * sizeof(long long));
  double* d = fresh(50 * sizeof(double));
  for (int i = 0; i < 300; ++i) a[i] = (long long)(rank + 3) * (i + it) - 1000;
  for (int i = 0; i < 50; ++i) d[i] = rank * 0.25 - i + it;
  MPI_Request r[4];
  MPI_Iallreduce(a, ar, 300, MPI_LONG_LONG, MPI_SUM, MPI_COMM_WORLD, &r[0]);
  MPI_Iallreduce(MPI_IN_PLACE, d, 50, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD, &r[1]);
  /* ... beside a ring of point-to-point messages in the same MPI_Waitall. */
  int token_out = rank * 31 + it, token_in = -1;
  MPI_Irecv(&token_in, 1, MPI_INT, (rank + size - 1) % size, 5, MPI_COMM_WORLD, &r[2]);
  MPI_Isend(&token_out, 1, MPI_INT, (rank + 1) % size, 5, MPI_COMM_WORLD, &r[3]);
  double work = busy(20000 + 1000 * rank);
  MPI_Status st[4];
  MPI_Waitall(4, r, st);
  mix(ar, 300 * sizeof(long long));
  mix(d, 50 * sizeof(double));
  mix(&token_in, sizeof token_in);
  mix(&st[2].MPI_SOURCE, sizeof(int));

  /* Only MPI_Test between compute moves this one on, until it is complete. */
  int* b = fresh(999 * sizeof(int));
  for (int i = 0; i < 999 && rank == root; ++i) b[i] = i * (it + 3) - rank;
  MPI_Request q;
  MPI_Ibcast(b, 999, MPI_INT, root, MPI_COMM_WORLD, &q);
  int flag = 0;
  while (!flag) {
    work += busy(500);
    MPI_Test(&q, &flag, MPI_STATUS_IGNORE);
  }
  mix(b, 999 * sizeof(int));

  /* An ibcast and an iallreduce (not commutative: ring leaves it to the library) completed one at
   * a time by MPI_Waitany, a derived-datatype ibcast by MPI_Testany and MPI_Testall. */
  int* c = fresh(16 * sizeof(int));
  int* cr = fresh(16 * sizeof(int));
  int* t = fresh(30 * sizeof(int));
  for (int i = 0; i < 16; ++i) c[i] = rank * 16 + i;
  for (int i = 0; i < 30 && rank == root; ++i) t[i] = i + it;
  MPI_Ibcast(b, 500, MPI_INT, (root + 1) % size, MPI_COMM_WORLD, &r[0]);
  MPI_Iallreduce(c, cr, 16, MPI_INT, nc, MPI_COMM_WORLD, &r[1]);
  for (int k = 0; k < 2; ++k) {
    int index = -1;
    MPI_Waitany(2, r, &index, MPI_STATUS_IGNORE);
  }
  MPI_Ibcast(t, 10, triple, root, MPI_COMM_WORLD, &r[2]);
  int index = -1;
  flag = 0;
  while (!flag) MPI_Testany(1, &r[2], &index, &flag, MPI_STATUS_IGNORE);
  MPI_Testall(1, &r[2], &flag, st);
  mix(b, 500 * sizeof(int));
  mix(cr, 16 * sizeof(int));
  mix(t, 30 * sizeof(int));

  /* A communicator of its own, freed while nothing is in flight on it; MPI_Waitsome. */
  MPI_Comm half;
  MPI_Comm_split(MPI_COMM_WORLD, rank % 2, rank, &half);
  int hr = 0, hs = 0;
  MPI_Comm_rank(half, &hr);
  MPI_Comm_size(half, &hs);
  double v[40];
  long long s = rank;
  for (int i = 0; i < 40; ++i) v[i] = hr == hs - 1 ? i * 0.5 + it : -1.0;
  MPI_Ibcast(v, 40, MPI_DOUBLE, hs - 1, half, &r[0]);
  MPI_Iallreduce(MPI_IN_PLACE, &s, 1, MPI_LONG_LONG, MPI_SUM, half, &r[1]);
  int left = 2;
  while (left > 0) {
    int outcount = 0, indices[2];
    MPI_Waitsome(2, r, &outcount, indices, st);
    left -= outcount;
  }
  mix(v, sizeof v);
  mix(&s, sizeof s);
  MPI_Comm_free(&half);

  /* gatherv and scatterv: uneven blocks, the library's own. */
  int* counts = malloc((size_t)size * sizeof(int));
  int* displs = malloc((size_t)size * sizeof(int));
  int total = 0;
  for (int i = 0; i < size; ++i) {
    counts[i] = 1 + (i + it) % 3;
    displs[i] = total;
    total += counts[i];
  }
  int* g = fresh((size_t)total * sizeof(int));
  int mine[3] = {rank, rank * it, -rank};
  MPI_Gatherv(mine, counts[rank], MPI_INT, g, counts, displs, MPI_INT, root, MPI_COMM_WORLD);
  if (rank == root) mix(g, (size_t)total * sizeof(int));
  MPI_Scatterv(g, counts, displs, MPI_INT, mine, counts[rank], MPI_INT, root, MPI_COMM_WORLD);
  mix(mine, (size_t)counts[rank] * sizeof(int));
  sink = work;
  free(a), free(ar), free(d), free(b), free(c), free(cr), free(t), free(g), free(counts),
      free(displs);
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
      /* MPI_IN_PLACE at the root. MPICH 4.0.2's own MPI_Reduce crashes there when the root is not
       * rank 0 (pmodels/mpich#6540, fixed by #6543): under MPICH at root 0 only. */
#if defined(MPICH_VERSION)
    const int in_place_root = 0;
#else
    const int in_place_root = root;
#endif
    int* io = fresh(n * sizeof(int));
    memcpy(io, si, n * sizeof(int));
    MPI_Reduce(rank == in_place_root ? MPI_IN_PLACE : io, io, n, MPI_INT, MPI_BXOR, in_place_root,
               MPI_COMM_WORLD);
    if (rank == in_place_root) mix(io, n * sizeof(int));
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
    nonblocking_round(it, rank, size, nc, triple);
  }
  printf("rank %d of %d: %d rounds, results hash %016llx\n", rank, size, rounds,
         (unsigned long long)hash);
  MPI_Type_free(&triple);
  MPI_Op_free(&nc);
  MPI_Finalize();
  return 0;
}
