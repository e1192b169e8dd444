/* fabshmem internals shared by the library and the device code in fabshmem_device.h: what a
 * kernel needs to reach the symmetric heaps, and the request channel through which it asks
 * the host to reach PEs it cannot load from or store to. Not part of the API. */
#ifndef FABSHMEM_DEVICE_STATE_H
#define FABSHMEM_DEVICE_STATE_H

#include <stdint.h>

#define FABSHMEMI_DEVICE_STATE_MAGIC 0x66616273686d656dULL /* "fabshmem" */
/* Heap offsets from here name bytes of the extension window (src/interfaces/symmetric_space.h). */
#define FABSHMEMI_EXTENSION_OFFSET (1ULL << 61)

enum fabshmemi_request_op {
    FABSHMEMI_OP_GET = 1,   /* bytes from the remote offset into `local` */
    FABSHMEMI_OP_PUT,       /* bytes from `local` to the remote offset */
    FABSHMEMI_OP_GET_VALUE, /* up to 8 bytes from the remote offset into `value` */
    FABSHMEMI_OP_PUT_VALUE, /* up to 8 bytes of `value` to the remote offset */
    FABSHMEMI_OP_FENCE,     /* what came before is delivered before what comes after */
    FABSHMEMI_OP_ATOMIC     /* atomic_op on a `bytes`-wide word: operand in `value`, compare in
                               `local`; the old value comes back in `value` */
};

/* One slot of the GPU-to-host request ring, in pinned host memory mapped into the GPU. A
 * thread takes ticket t (a counter in device memory) and uses slot t % slots; `seq` then
 * steps through t (free for ticket t), t + 1 (request written), t + 2 (done, with a reply:
 * the thread still owns the slot and reads `value`), t + slots (free for the next lap). */
typedef struct fabshmemi_request {
    uint64_t seq;
    uint32_t op;
    int32_t pe;
    uint64_t bytes;
    uint64_t remote_offset; /* in the target's symmetric heap */
    uint64_t local;         /* the local buffer's address (device or host memory) */
    uint64_t value;
    uint32_t wants_reply;   /* the thread waits for t + 2 (blocking calls) */
    uint32_t atomic_op;     /* FABSHMEMI_OP_ATOMIC: the library's AtomicOp */
    uint32_t unused[2];
} fabshmemi_request;

/* A team as kernels see it: one slot of the team table in device memory, written by the host
 * when the team is made or destroyed (a slot's handle is the team's nvshmem_team_t). */
typedef struct fabshmemi_device_team {
    int n_pes;                /* 0: no team in this slot on this PE */
    int my_index;
    const int *members;       /* the PE of each member, in team order */
    unsigned long long epoch; /* syncs this PE's kernels have made in this team */
    char *scratch;            /* 2 x reduce_chunk_bytes for reductions */
    /* The host's rules (src/core/collectives.h), so that kernels choose as it does: */
    unsigned long long doubling_bytes; /* reductions of up to this many bytes go by recursive
                                          doubling (the same bits as the host's either way) */
    unsigned long long blocks_bytes;   /* larger reductions of at least this many bytes go by
                                          reduce-scatter + allgather (the pull's bits) */
    unsigned long long tree_bytes;     /* broadcasts of up to this many bytes go down a tree
                                          (FABSHMEM_BROADCAST_ALGO set; 0 under auto) */
    int bruck_fcollect;                /* fcollect by Bruck's allgather, not puts to every member */
    int direct_broadcast;              /* broadcasts go straight into the members' heaps, each
                                          member told by a flag word in its ring, with no sync
                                          (every member maps every member's heap) */
    unsigned long long ll_bytes;       /* of those, data of up to this many bytes (multiples of
                                          4) travel in the flag words (NVSHMEM's LL protocol) */
    unsigned broadcast_flag;           /* direct broadcasts this PE's kernels made in the team */
    unsigned long long ring_position;  /* bytes of the ring those took (it wraps) */
    unsigned long long ring_room;      /* the ring position every member had read to, last
                                          seen here, plus the ring's size: a root may write below */
} fabshmemi_device_team;

typedef struct fabshmemi_device_state {
    uint64_t magic; /* FABSHMEMI_DEVICE_STATE_MAGIC while initialized with a GPU heap */
    int my_pe;
    int n_pes;
    char *heap_base;        /* this PE's heap (device memory), library area included */
    uint64_t heap_size;
    char *const *peer_heaps; /* device memory, n_pes entries: each PE's heap as mapped here,
                                NULL where only the host can reach it (the request ring) */
    char *extension_base;    /* this PE's heap extension window (blocks past the heap's size,
                                registered buffers), or NULL; heap offsets from
                                FABSHMEMI_EXTENSION_OFFSET name its bytes */
    uint64_t extension_size; /* one past its last mapped byte */
    char *const *peer_extensions; /* device memory, n_pes entries: each PE's extension window
                                     as mapped here, or NULL */
    fabshmemi_request *ring; /* NULL when every PE is mapped */
    uint64_t ring_slots;
    unsigned long long *ring_tickets;        /* device memory: the next ticket */
    const volatile uint64_t *ring_completed; /* host memory: every ticket below it is done */
    fabshmemi_device_team *teams;            /* device memory, max_teams slots */
    int max_teams;
    int max_sync_rounds;
    uint64_t team_flags_offset; /* heap offset of the kernels' team sync flags: max_sync_rounds
                                   words per slot, written by peers' kernels or the fabric */
    uint64_t reduce_chunk_bytes;
    uint64_t reduce_slots_offset; /* heap offset of the slots recursive doubling's partials
                                     arrive in: reduce_slots of reduce_slot_bytes, the last one
                                     for the pairs that fold first */
    uint64_t reduce_slot_bytes;
    int reduce_slots;
    uint64_t reduce_flags_offset; /* heap offset of the words that announce them: laid out as
                                     the sync flags, one word per slot */
    uint64_t broadcast_buffers_offset; /* heap offset of the teams' direct broadcast buffers,
                                          broadcast_buffer_bytes per team slot: a header (its
                                          first word: the ring position this PE has read to),
                                          then broadcast_ring_bytes of ring */
    uint64_t broadcast_buffer_bytes;
    uint64_t broadcast_header_bytes;
    uint64_t broadcast_ring_bytes;
} fabshmemi_device_state;

#ifdef __cplusplus
extern "C" {
#endif

/* Each CUDA translation unit that includes nvshmem.h holds its own copy of the device state
 * (no relocatable device code needed) and registers how to update it; the library calls
 * every update at init and finalize. An update returns 0 or a cudaError_t. */
typedef int (*fabshmemi_device_state_update)(const fabshmemi_device_state *state);
int fabshmemi_register_device_module(fabshmemi_device_state_update update);

#ifdef __cplusplus
}
#endif

#endif
