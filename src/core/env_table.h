// Every environment variable fabshmem reads, declared once. This table drives parsing
// (config.cpp), the FABSHMEM_INFO output, `fabshmem-info --env` and the README's table.
//
// X(field, NAME, ALIAS, kind, default, min, max, help)
//   kind: Size ("512M"), Bool, Int, String. ALIAS is read when NAME is unset ("" for none).
//   min, max: the accepted range of a Size or Int, in the variable's own syntax ("" for none).
#pragma once

#define FABSHMEM_FOR_EACH_ENV_VAR(X)                                                              \
    X(symmetric_size, "FABSHMEM_SYMMETRIC_SIZE", "NVSHMEM_SYMMETRIC_SIZE", Size, "1G", "64K", "1P",             \
      "Bytes of symmetric heap per PE, reserved and registered once at init (K/M/G/T/P suffixes, " \
      "powers of 1024); a GPU heap grows past it on demand. A host heap is mapped by each PE of "   \
      "its node too: a PE's address space (ulimit -v) must hold this size times the node's PEs")    \
    X(heap, "FABSHMEM_HEAP", "", String, "auto", "", "",                                                   \
      "Where the symmetric heap lives: cuda (GPU memory), host, or auto: cuda when a GPU is "      \
      "visible, else host")                                                                        \
    X(gpu_exclusive, "FABSHMEM_GPU_EXCLUSIVE", "", Bool, "0", "", "",                                      \
      "Make more PEs on a node than GPUs an error instead of letting PEs share GPUs")              \
    X(provider, "FABSHMEM_PROVIDER", "FI_PROVIDER", String, "", "", "",                                    \
      "libfabric provider, e.g. verbs, efa, cxi, shm, tcp; empty: the first available of "        \
      "hardware providers, then shm (all PEs on one node), then tcp")                              \
    X(nic, "FABSHMEM_NIC", "", String, "", "", "",                                                         \
      "libfabric domain (NIC or interface, e.g. mlx5_0, eth0) to use; empty: the one closest to "  \
      "the PE's GPU (or CPUs) by the node's topology, spreading PEs over equally close ones")      \
    X(disable_ipc, "FABSHMEM_DISABLE_IPC", "", Bool, "0", "", "",                                          \
      "Reach PEs of the same node through the fabric instead of shared memory (tests use it to "   \
      "exercise the fabric on one machine)")                                                       \
    X(static_data, "FABSHMEM_STATIC_DATA", "", Bool, "1", "", "",                                          \
      "Make the program's global and static variables symmetric (OpenSHMEM style): at init its "  \
      "data segment moves into shared memory (same addresses) and is registered with the fabric") \
    X(staged, "FABSHMEM_STAGED", "", Bool, "0", "", "",                                                    \
      "Reach remote heaps through the target's host staging buffers even where the provider "     \
      "could access them directly; the path a GPU heap takes without FI_HMEM (for testing it)")    \
    X(gpudirect, "FABSHMEM_GPUDIRECT", "", String, "auto", "", "",                                        \
      "Whether the fabric reaches GPU heaps directly (FI_HMEM; else staged through host memory): "  \
      "on (every provider with FI_HMEM), off, or auto: on for providers whose NIC moves GPU "       \
      "memory (verbs, efa, cxi, ...), off for libfabric's software ones (shm, tcp), whose FI_HMEM " \
      "copies with cudaMemcpy, which waits for the program's running kernels. On software "       \
      "providers, on stages kernels' own requests and host calls from 128 KiB (faster staged)")    \
    X(max_msg_size, "FABSHMEM_MAX_MSG_SIZE", "", Size, "0", "0", "1P",                                        \
      "Largest single fabric operation; longer transfers are split (they always are at the "      \
      "provider's max_msg_size). 0: the provider's limit only")                                   \
    X(info, "FABSHMEM_INFO", "", Bool, "0", "", "",                                                        \
      "Print the configuration and each PE's choices (provider, heap, paths) at init")             \
    X(debug, "FABSHMEM_DEBUG", "", Bool, "0", "", "",                                                      \
      "Debug messages, collective checks (every PE allocates the same sizes), and a rarely "       \
      "needed path taken on purpose (fabric addresses exchanged whole at init)")                   \
    X(bootstrap_timeout, "FABSHMEM_BOOTSTRAP_TIMEOUT", "", Int, "120", "0", "86400",                             \
      "Seconds a PE waits at a bootstrap step (the PMIx fences of init, finalize and collective "  \
      "allocation checks) for the other PEs before ending the job with a message; 0: forever")    \
    X(broadcast_algo, "FABSHMEM_BROADCAST_ALGO", "", String, "auto", "", "",                              \
      "Broadcast algorithm (kernels: the tree where tree or scatter is set; under auto, among PEs " \
      "that all map each other's heaps, no sync: up to 256 B in multiples of 4 bytes NVSHMEM's "    \
      "low-latency protocol (data and flag in one word), larger the root stores into every "       \
      "member's dest and raises a flag word for each; else puts to every member and a sync as "    \
      "NVSHMEM's): tree (binomial: the root's data is pushed down a tree in log2(n) "    \
      "rounds, the root sends log2(n) copies), scatter (the data in n blocks down a binomial tree, " \
      "then Bruck's allgather: 2 log2(n) rounds, about 2 copies sent per PE), pull (every PE reads " \
      "the root's buffer: one round, the root serves n reads), or auto: pull up to 4 PEs; above, "   \
      "tree below 128 KiB, and from it pull on one node, scatter across nodes")                     \
    X(fcollect_algo, "FABSHMEM_FCOLLECT_ALGO", "", String, "auto", "", "",                                \
      "fcollect and collect algorithm (kernels: bruck where set, else puts to every member as NVSHMEM's): "    \
      "bruck (pushed: log2(n) rounds of puts, each PE sending what it has "                        \
      "to the PE 2^k before it), pull (every PE reads every PE's block: n gets, two syncs), or "     \
      "auto: pull on one node, bruck across nodes")                                                 \
    X(alltoall_algo, "FABSHMEM_ALLTOALL_ALGO", "", String, "auto", "", "",                                \
      "Host alltoall algorithm: push (each PE puts every block straight into its owner's dest, "     \
      "then notices it: one sync and one round), pull (every PE reads its block from every PE "     \
      "between two syncs), or auto: push above 4 PEs")                                              \
    X(active_set_sync, "FABSHMEM_ACTIVE_SET_SYNC", "", String, "auto", "", "",                            \
      "How OpenSHMEM's active-set collectives (shmem_barrier(PE_start, logPE_stride, PE_size, "     \
      "pSync) and the others) sync a set other than the whole world in order, which runs as the "   \
      "world team: pairs (a counter per sending PE in the library's area: jobs of up to 2,048 "    \
      "PEs), psync (dissemination over the program's pSync, as OpenSHMEM means it: any job size; " \
      "a sender adds 1 to a word, its receiver takes it off again, so every word is back at "      \
      "SHMEM_SYNC_VALUE once all PEs have left), or auto: pairs where they exist, else psync")      \
    X(reduce_algo, "FABSHMEM_REDUCE_ALGO", "", String, "auto", "", "",                                    \
      "Reduction algorithm (kernels take the host's choice, but under auto blocks only above 128 " \
      "KiB, where the pull would sync a third time): blocks (each PE "                             \
      "reduces one block of every PE's data, then all blocks are gathered: 2(n-1)/n of the data "  \
      "per PE), pull (every PE reads every PE's data: "  \
      "n times it, in one round), doubling (recursive doubling, pushed: log2(n) rounds), or auto: " \
      "blocks from 8 KiB, below it doubling across nodes from 3 PEs and pull on one node. Every "  \
      "PE gets the same bits; blocks and "                                                         \
      "pull fold in member order, doubling as a balanced "                                         \
      "tree over it (the same bits for integers, min and max)")                                      \
    X(bootstrap_uid_interface, "FABSHMEM_BOOTSTRAP_UID_INTERFACE", "NVSHMEM_BOOTSTRAP_UID_SOCK_IFNAME", String, "", "", "", \
      "Network interface (e.g. eth0) whose address rank 0's nvshmemx_get_uniqueid puts in the id " \
      "for the other ranks to connect to; empty: the first IPv4 interface that is up, not loopback") \
    X(collective_timeout, "FABSHMEM_COLLECTIVE_TIMEOUT", "", Int, "600", "0", "604800",                \
      "Seconds a PE waits in a barrier or another collective for a PE of its team before ending the " \
      "job (it names the PEs it waits for after 5 s and every 60 s); 0: wait for ever")              \
    X(peer_timeout, "FABSHMEM_PEER_TIMEOUT", "", Int, "5", "0", "3600",                                         \
      "Seconds a PE on another node may leave the watchdog's liveness read (or any operation the " \
      "provider refuses to start) unanswered before the job ends; 0: wait for ever, no reads")    \
    X(wait_policy, "FABSHMEM_WAIT_POLICY", "", String, "auto", "", "",                                    \
      "How a PE waits in syncs, collectives and wait_until: spin (polls without a pause: the "      \
      "lowest latency with a core per PE), yield (gives the core away between polls: far faster "   \
      "where a node's PEs outnumber its cores), or auto: yield where this node's PEs outnumber the " \
      "CPUs they are bound to")                                                                     \
    X(progress_cpu, "FABSHMEM_PROGRESS_CPU", "", Int, "-1", "-1", "4095",                                        \
      "CPU to pin each PE's progress thread to; -1: a core near the PE's GPU or NIC that its own " \
      "thread is not bound to, if it is bound, else unpinned")                    \
    X(progress_spin_us, "FABSHMEM_PROGRESS_SPIN_US", "", Int, "100", "0", "10000000",                               \
      "How long the progress thread busy-polls after the last fabric activity before it blocks "   \
      "in the completion queue's wait object")                                                    \
    X(progress_nap, "FABSHMEM_PROGRESS_NAP", "", Bool, "0", "", "",                                        \
      "1: no wait object on the completion queue (small tcp operations 8-12% faster); the idle "   \
      "progress thread naps 200 us at a time instead, so a computing PE serves peers later and "   \
      "an idle one uses about 10% of a core")
