// A write to POSIX shared memory for which tmpfs (/dev/shm) has no page left raises SIGBUS,
// which would end the PE with a bare "Bus error" (containers often give /dev/shm 64 MiB). The
// library notes its shared mappings here — its heap and static data, and the node peers' it
// maps — and a SIGBUS inside one ends the PE with a message that says /dev/shm is full and what
// to do. A SIGBUS anywhere else goes to the handler that was there before (by default a core).
#pragma once

#include <cstddef>

namespace fabshmem {

// `owner_pe`: whose memory it is (-1: this PE's); `what`: "symmetric heap", "static data"
// (a string that lives for ever). Installs the handler on first use.
void note_shared_mapping(const void *start, size_t bytes, int owner_pe, const char *what);
// Before the range is unmapped.
void forget_shared_mapping(const void *start);

// /dev/shm's size in bytes, 0 if it cannot be read.
size_t dev_shm_bytes();

}  // namespace fabshmem
