// getmem/putmem (blocking and _nbi) of sizes 1 B .. 8 MiB, at odd offsets, between every
// pair of PEs; every byte verified, and the bytes around each transfer untouched.
#include <cstring>
#include <vector>

#include "pe_check.h"

namespace {

constexpr size_t kMax = size_t{8} << 20;
constexpr size_t kOffset = 3;  // transfers start at an unaligned address
constexpr unsigned char kGuard = 0xee;

std::vector<size_t> sizes() {
    std::vector<size_t> out;
    for (size_t s = 1; s <= kMax; s *= 2) {
        out.push_back(s);
        if (s > 2) out.push_back(s - 1);
    }
    out.push_back(3 * 1000 * 1000 + 7);
    return out;
}

void check_range(const unsigned char *buffer, size_t bytes, int pe, unsigned salt, const char *what) {
    PE_CHECK(buffer[kOffset - 1] == kGuard, "%s of %zu bytes from PE %d wrote before the range", what, bytes, pe);
    for (size_t i = 0; i < bytes; ++i)
        PE_CHECK(buffer[kOffset + i] == pattern_byte(pe, i, salt), "%s of %zu bytes from PE %d: byte %zu is %u, expected %u",
                 what, bytes, pe, i, buffer[kOffset + i], pattern_byte(pe, i, salt));
    PE_CHECK(buffer[kOffset + bytes] == kGuard, "%s of %zu bytes from PE %d wrote past the range", what, bytes, pe);
}

}  // namespace

int main() {
    nvshmem_init();
    int me = nvshmem_my_pe(), n = nvshmem_n_pes();
    auto *source = static_cast<unsigned char *>(nvshmem_malloc(kMax + 2 * kOffset));
    auto *inbox = static_cast<unsigned char *>(nvshmem_malloc(kMax + 2 * kOffset));
    std::vector<unsigned char> local(kMax + 2 * kOffset);
    unsigned salt = 0;
    for (size_t bytes : sizes()) {
        for (bool blocking : {true, false}) {
            ++salt;
            for (size_t i = 0; i < bytes; ++i) source[kOffset + i] = pattern_byte(me, i, salt);
            nvshmem_barrier_all();
            // Get from every peer into a private buffer.
            for (int peer = 0; peer < n; ++peer) {
                std::memset(local.data(), kGuard, bytes + 2 * kOffset);
                if (blocking) {
                    nvshmem_getmem(local.data() + kOffset, source + kOffset, bytes, peer);
                } else {
                    nvshmem_getmem_nbi(local.data() + kOffset, source + kOffset, bytes, peer);
                    nvshmem_quiet();
                }
                check_range(local.data(), bytes, peer, salt, blocking ? "getmem" : "getmem_nbi");
            }
            // Put to the next PE's inbox; it checks what the previous PE wrote.
            int next = (me + 1) % n, prev = (me + n - 1) % n;
            std::memset(inbox, kGuard, bytes + 2 * kOffset);
            nvshmem_barrier_all();
            if (blocking) nvshmem_putmem(inbox + kOffset, source + kOffset, bytes, next);
            else nvshmem_putmem_nbi(inbox + kOffset, source + kOffset, bytes, next);
            nvshmem_barrier_all();  // includes quiet: every put is complete and visible
            check_range(inbox, bytes, prev, salt, blocking ? "putmem" : "putmem_nbi");
        }
    }
    nvshmem_free(inbox);
    nvshmem_free(source);
    pe_pass("rma_sizes (1 B .. 8 MiB, blocking and nbi, get from all peers, put to the next)");
    nvshmem_finalize();
    return 0;
}
