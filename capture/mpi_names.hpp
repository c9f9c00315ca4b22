#pragma once
// Names of predefined MPI datatypes and operations as papbench's --dtype and --op spell them, so
// a captured case replays with its own (a datatype of another size maps to the papbench type of
// that size: MPI_CHAR is int8, MPI_BYTE uint8).

#include <mpi.h>

#include <string>

namespace papbench::capture {

// "derived" for anything else (a derived or freed datatype).
std::string datatype_name(MPI_Datatype t);
// "-" for MPI_OP_NULL (collectives without a reduction), "user" for a user-defined operation.
std::string op_name(MPI_Op op);

}  // namespace papbench::capture
