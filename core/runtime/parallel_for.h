#pragma once
// LibTorch's at::parallel_for, for core's own loops. It is a template in LibTorch's headers, and
// a file compiled without OpenMP gets the serial version: the whole range on the calling
// thread, whatever at::get_num_threads() says (INTRA_OP_PARALLEL is then not defined). Files
// that include this one are compiled with OpenMP (TFW_OPENMP_SOURCES in core/CMakeLists.txt);
// the error below names a file that is missing from that list.
#include <ATen/Parallel.h>

#ifndef INTRA_OP_PARALLEL
#error "at::parallel_for would run on one thread here: add this file to TFW_OPENMP_SOURCES"
#endif
