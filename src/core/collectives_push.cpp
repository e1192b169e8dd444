// The push algorithms: data goes out with puts, and a point-to-point notice (a flag word of the
// team, or the pair counters: team.h) after a quiet tells the receiver it has arrived. Each starts with one sync, so that
// every member's dest is ready before anyone writes into it, and needs none at the end: a member
// is done when its own puts are complete and every notice it waits for has come, and no member
// reads another's memory after that.
#include <algorithm>

#include "collectives.h"

namespace fabshmem {

namespace {

// Member `relative` steps after `base`, around the group.
int member_at(const Group &group, int base, int relative) {
    int n = static_cast<int>(group.members.size());
    return group.members[(base + relative % n + n) % n];
}

// Puts blocks [lo, hi) (relative block numbers taken mod n; at most n of them) of this PE's
// `dest` into the same place of PE `to`'s dest: one put, or two where the range wraps past n.
void put_blocks(Runtime &rt, const Blocks &blocks, char *dest, size_t dest_offset, int to, int lo, int hi) {
    int n = blocks.count, length = hi - lo;
    auto put_range = [&](int from, int until) {  // 0 <= from <= until <= n
        size_t begin = blocks.first(from), bytes = blocks.first(until) - begin;
        if (bytes) rt.route(to).put(dest_offset + begin, dest + begin, bytes, to, false);
    };
    lo %= n;
    if (lo + length <= n) {
        put_range(lo, lo + length);
    } else {
        put_range(lo, n);
        put_range(0, lo + length - n);
    }
}

size_t reduce_slot_offset(int slot) {
    return SymmetricHeap::kReduceSlotsOffset + static_cast<size_t>(slot) * SymmetricHeap::kReduceSlotBytes;
}

}  // namespace

// Bruck's allgather: in round k every member sends the 2^k blocks it has (its own and those
// after it) to the member 2^k before it, so after ceil(log2 n) rounds each has all n.
void allgather_push(Runtime &rt, const Group &group, int base, const Blocks &blocks, char *dest, size_t dest_offset) {
    int n = blocks.count;
    int me = (group.my_index - base + n) % n;
    for (int distance = 1, round = 0; distance < n; distance <<= 1, ++round) {
        int to = member_at(group, base, me - distance);
        put_blocks(rt, blocks, dest, dest_offset, to, me, me + std::min(distance, n - distance));
        quiet_all(rt);
        notify_member(rt, group.team, to, round);
        wait_for_member_notice(rt, group.team, member_at(group, base, me + distance), round);
    }
}

// Binomial scatter from relative member 0, which holds every block in its dest: member r
// receives blocks [r, r + lowest set bit of r) from its parent, then hands each child r + s
// (s: the powers of two below that bit, largest first) the blocks [r + s, r + 2s).
void scatter_push(Runtime &rt, const Group &group, int base, const Blocks &blocks, char *dest, size_t dest_offset) {
    int n = blocks.count;
    int me = (group.my_index - base + n) % n;
    int lowest = 1;
    while (lowest < n && !(me & lowest)) lowest <<= 1;
    if (me != 0) wait_for_member_notice(rt, group.team, member_at(group, base, me - lowest), kTreeWord);
    for (int step = lowest >> 1; step > 0; step >>= 1) {
        if (me + step >= n) continue;
        int child = member_at(group, base, me + step);
        put_blocks(rt, blocks, dest, dest_offset, child, me + step, std::min(me + 2 * step, n));
        quiet_all(rt);
        notify_member(rt, group.team, child, kTreeWord);
    }
}

// Pairwise exchange, pushed: member i puts its block j straight into member j's dest at i,
// starting with the member after it (so that not everyone sends to member 0 first), then
// notices each; it is done when all n - 1 have noticed it. n notices per member: the pair
// counters (one per sending PE), in teams too.
void alltoall_push(Runtime &rt, const Group &group, char *dest, const char *source, size_t from, size_t to,
                   size_t bytes) {
    int n = static_cast<int>(group.members.size()), me = group.my_index;
    group.sync();
    get_from(rt, group, me, dest + me * bytes, from + me * bytes, bytes);
    for (int step = 1; step < n; ++step) {
        int j = (me + step) % n, pe = group.members[j];
        if (bytes) rt.route(pe).put(to + me * bytes, source + j * bytes, bytes, pe, false);
    }
    quiet_all(rt);
    for (int step = 1; step < n; ++step) notify_pe(rt, member_at(group, me, step));
    for (int step = 1; step < n; ++step) wait_for_notice(rt, member_at(group, me, -step));
}

void send_to_slot(Runtime &rt, const Group &group, int index, int slot, const void *data, size_t bytes) {
    int pe = group.members[index];
    if (bytes) rt.route(pe).put(reduce_slot_offset(slot), data, bytes, pe, false);
    quiet_all(rt);
    notify_member(rt, group.team, pe, slot);
}

void receive_from_slot(Runtime &rt, const Group &group, int index, int slot, void *data, size_t bytes) {
    wait_for_member_notice(rt, group.team, group.members[index], slot);
    get_from(rt, group, group.my_index, data, reduce_slot_offset(slot), bytes);
    quiet_all(rt);
}

}  // namespace fabshmem
