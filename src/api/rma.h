// The checked one-sided transfers behind every RMA entry point, under the name of the call the
// program made, so that a message names that call (shmem_long_iget, not what it runs on).
#pragma once

#include <cstddef>

namespace fabshmem {

// `blocking`: complete on return (get), or `source` reusable (put); else complete at quiet.
void get_bytes(const char *function, void *dest, const void *source, size_t bytes, int pe, bool blocking);
void put_bytes(const char *function, void *dest, const void *source, size_t bytes, int pe, bool blocking);

}  // namespace fabshmem
