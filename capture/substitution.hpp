#pragma once
// papbench's algorithms inside an unmodified application (docs/CAPTURE.md): the C wrappers of
// the substitutable collectives (mpi_wrappers.cpp) hand their calls here, with the caller's
// return address. A call that a rule of PAPBENCH_SUBSTITUTE covers and its algorithm can serve
// runs the algorithm; every other call is the library's own PMPI_ call. Per call site it counts
// the calls served and those that fell through (and why); the capture file records them
// (run info capture_substitution) and `papbench-report pap` shows them per site.
//
// The decision is taken on every rank from its own arguments, which MPI requires to agree on
// every member (count, root, op, type signature): an application whose members call one
// collective from different sites, or pass the same data with a derived datatype on one rank
// and a predefined one on another, must be substituted by collective, not by site, or not at all.

#include <mpi.h>

#include <string>

namespace papbench::capture::substitution {

// After PMPI_Init: reads PAPBENCH_SUBSTITUTE. A text the command would refuse ends the
// application before it runs: the message on world rank 0, PMPI_Finalize, exit code 2.
void start();
// Before PMPI_Finalize, after the capture was written: frees what was prepared (collective over
// each communicator that still holds a prepared algorithm, in the order they were prepared).
void finish();
// Whether any rule is in force.
bool enabled();
// Collective over MPI_COMM_WORLD: every rank's counts summed per site, as JSON (world rank 0;
// other ranks get ""). "" where no rule is in force.
std::string summary();

int Reduce(const void* site, const void* sb, void* rb, int count, MPI_Datatype dt, MPI_Op op,
           int root, MPI_Comm comm);
int Allreduce(const void* site, const void* sb, void* rb, int count, MPI_Datatype dt, MPI_Op op,
              MPI_Comm comm);
int Bcast(const void* site, void* buffer, int count, MPI_Datatype dt, int root, MPI_Comm comm);
int Scatter(const void* site, const void* sb, int scount, MPI_Datatype stype, void* rb, int rcount,
            MPI_Datatype rtype, int root, MPI_Comm comm);
int Gather(const void* site, const void* sb, int scount, MPI_Datatype stype, void* rb, int rcount,
           MPI_Datatype rtype, int root, MPI_Comm comm);

// Nonblocking (substitution_nbc.cpp): a covered post starts the rule's schedule and sets *request
// to a generalized request that the application's own waits and tests complete.
int Iallreduce(const void* site, const void* sb, void* rb, int count, MPI_Datatype dt, MPI_Op op,
               MPI_Comm comm, MPI_Request* request);
int Ibcast(const void* site, void* buffer, int count, MPI_Datatype dt, int root, MPI_Comm comm,
           MPI_Request* request);
// The calls that complete requests (the C wrappers of all eight hand them here): while a
// substituted collective is in flight, each moves every schedule on, and a blocking one polls
// instead of blocking in the library (which would not move them); else the PMPI_ call alone.
int Wait(MPI_Request* request, MPI_Status* status);
int Waitall(int count, MPI_Request requests[], MPI_Status statuses[]);
int Waitany(int count, MPI_Request requests[], int* index, MPI_Status* status);
int Waitsome(int incount, MPI_Request requests[], int* outcount, int indices[],
             MPI_Status statuses[]);
int Test(MPI_Request* request, int* flag, MPI_Status* status);
int Testall(int count, MPI_Request requests[], int* flag, MPI_Status statuses[]);
int Testany(int count, MPI_Request requests[], int* index, int* flag, MPI_Status* status);
int Testsome(int incount, MPI_Request requests[], int* outcount, int indices[],
             MPI_Status statuses[]);

}  // namespace papbench::capture::substitution
