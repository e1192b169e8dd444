/* A profiling tool, as TAU or Score-P build theirs on OpenSHMEM's profiling interface: it
 * defines the shmem_ routines it watches, counts each call, and calls the pshmem_ name for the
 * work. pe_profiling links it ahead of libfabshmem, so its definitions take the program's calls.
 * shmem_pcontrol(0) pauses the counting and shmem_pcontrol(1) resumes it, as the
 * specification's levels ask of a tool. */
#include <pshmem.h>

static int level = 1;
static long puts_seen, barriers_seen, fetch_adds_seen;

void shmem_long_put(long *dest, const long *source, size_t nelems, int pe) {
    if (level) puts_seen++;
    pshmem_long_put(dest, source, nelems, pe);
}

void shmem_barrier_all(void) {
    if (level) barriers_seen++;
    pshmem_barrier_all();
}

long shmem_long_atomic_fetch_add(long *dest, long value, int pe) {
    if (level) fetch_adds_seen++;
    return pshmem_long_atomic_fetch_add(dest, value, pe);
}

void shmem_pcontrol(const int new_level, ...) { level = new_level; }

long pe_profiler_puts(void) { return puts_seen; }
long pe_profiler_barriers(void) { return barriers_seen; }
long pe_profiler_fetch_adds(void) { return fetch_adds_seen; }
