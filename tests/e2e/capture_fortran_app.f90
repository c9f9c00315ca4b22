! A Fortran MPI application for the capture test (capture_fortran.sh): 5 allreduces through
! `use mpi`, a barrier and a bcast through mpif.h-style calls, and 2 iallreduces completed by
! MPI_Wait and MPI_Test. Open MPI's Fortran bindings call
! PMPI_* directly, so only the capture library's Fortran wrappers can see these calls.
program capture_fortran_app
  use mpi
  implicit none
  integer :: ierr, rank, i, mine, total, value, request
  logical :: done
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  do i = 1, 5
    mine = rank + i
    call MPI_Allreduce(mine, total, 1, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD, ierr)
  end do
  call MPI_Barrier(MPI_COMM_WORLD, ierr)
  value = rank
  call MPI_Bcast(value, 1, MPI_INTEGER, 0, MPI_COMM_WORLD, ierr)
  call MPI_Iallreduce(mine, total, 1, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD, request, ierr)
  call MPI_Wait(request, MPI_STATUS_IGNORE, ierr)
  call MPI_Iallreduce(mine, total, 1, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD, request, ierr)
  done = .false.
  do while (.not. done)
    call MPI_Test(request, done, MPI_STATUS_IGNORE, ierr)
  end do
  if (rank == 0) print '(a,i0)', 'fortran app: last total ', total
  call MPI_Finalize(ierr)
end program capture_fortran_app
