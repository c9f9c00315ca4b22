#include "capture/mpi_names.hpp"

#include <utility>
#include <vector>

namespace papbench::capture {

std::string datatype_name(MPI_Datatype t) {
  // Built at first use: Open MPI's handles are addresses, not constant expressions.
  static const std::vector<std::pair<MPI_Datatype, const char*>> kTypes = {
      {MPI_INT, "int"},
      {MPI_UNSIGNED, "unsigned"},
      {MPI_LONG, "long"},
      {MPI_FLOAT, "float"},
      {MPI_DOUBLE, "double"},
      {MPI_INT8_T, "int8"},
      {MPI_UINT8_T, "uint8"},
      {MPI_INT16_T, "int16"},
      {MPI_UINT16_T, "uint16"},
      {MPI_INT32_T, "int32"},
      {MPI_UINT32_T, "uint32"},
      {MPI_INT64_T, "int64"},
      {MPI_UINT64_T, "uint64"},
      {MPI_CHAR, "int8"},
      {MPI_SIGNED_CHAR, "int8"},
      {MPI_BYTE, "uint8"},
      {MPI_UNSIGNED_CHAR, "uint8"},
      {MPI_SHORT, "int16"},
      {MPI_UNSIGNED_SHORT, "uint16"},
      {MPI_LONG_LONG, "int64"},
      {MPI_UNSIGNED_LONG, "uint64"},
      {MPI_UNSIGNED_LONG_LONG, "uint64"},
      // Fortran's, as a Fortran application passes them (MPI_Type_f2c).
      {MPI_INTEGER, "int"},
      {MPI_REAL, "float"},
      {MPI_DOUBLE_PRECISION, "double"},
      {MPI_INTEGER4, "int32"},
      {MPI_INTEGER8, "int64"},
      {MPI_REAL4, "float"},
      {MPI_REAL8, "double"},
      {MPI_CHARACTER, "int8"},
  };
  if (t == MPI_DATATYPE_NULL) return "-";
  for (const auto& [type, name] : kTypes) {
    if (type == t) return name;
  }
  return "derived";
}

std::string op_name(MPI_Op op) {
  static const std::vector<std::pair<MPI_Op, const char*>> kOps = {
      {MPI_SUM, "sum"},   {MPI_PROD, "prod"}, {MPI_MAX, "max"},       {MPI_MIN, "min"},
      {MPI_LAND, "land"}, {MPI_LOR, "lor"},   {MPI_LXOR, "lxor"},     {MPI_BAND, "band"},
      {MPI_BOR, "bor"},   {MPI_BXOR, "bxor"}, {MPI_MAXLOC, "maxloc"}, {MPI_MINLOC, "minloc"},
  };
  if (op == MPI_OP_NULL) return "-";
  for (const auto& [o, name] : kOps) {
    if (o == op) return name;
  }
  return "user";
}

}  // namespace papbench::capture
