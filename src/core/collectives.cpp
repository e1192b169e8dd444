#include "collectives.h"

#include <algorithm>
#include <cstring>
#include <string>

#include "log.h"
#include "reductions.h"
#include "span_read.h"

namespace fabshmem {

size_t symmetric_offset(Runtime &rt, const char *function, const void *symmetric, size_t bytes) {
    return checked_remote_offset(rt, function, symmetric, bytes, rt.my_pe, symmetric ? symmetric : "");
}

int next_member(const Group &group, size_t step) {
    return static_cast<int>((static_cast<size_t>(group.my_index) + step) % group.members.size());
}

void get_from(Runtime &rt, const Group &group, int index, void *dest, size_t offset, size_t bytes) {
    int pe = group.members[index];
    if (bytes) rt.route(pe).get(dest, offset, bytes, pe, false);
}

std::vector<uint64_t> gather_words(Runtime &rt, const Group &group, std::initializer_list<uint64_t> mine) {
    const size_t k = mine.size(), bytes = k * sizeof(uint64_t);
    if (k > SymmetricHeap::kTeamScratchWords) fatal("internal: gather_words of %zu words", k);
    rt.route(rt.my_pe).put(SymmetricHeap::kTeamScratchOffset, mine.begin(), bytes, rt.my_pe, true);
    group.sync();
    std::vector<uint64_t> words(group.members.size() * k);
    for (size_t i = 0; i < group.members.size(); ++i)
        get_from(rt, group, static_cast<int>(i), &words[i * k], SymmetricHeap::kTeamScratchOffset, bytes);
    quiet_all(rt);
    return words;
}

void write_local(Runtime &rt, const char *function, void *dest, const void *host, size_t bytes) {
    if (bytes) rt.route(rt.my_pe).put(symmetric_offset(rt, function, dest, bytes), host, bytes, rt.my_pe, true);
}

void gather_from_each(Runtime &rt, const char *function, const Group &group, const void *source,
                      size_t bytes, const std::function<void(int, const void *)> &combine) {
    size_t offset = symmetric_offset(rt, function, source, bytes);
    std::vector<char> data(bytes);
    for (int i = 0; i < static_cast<int>(group.members.size()); ++i) {
        get_from(rt, group, i, data.data(), offset, bytes);
        quiet_all(rt);
        combine(i, data.data());
    }
}

void check_same_arguments(Runtime &rt, const char *function, const Group &group, uint64_t bytes, int root) {
    if (!rt.config.debug) return;
    auto same_everywhere = [&](const char *what, long long mine) {
        std::vector<uint64_t> all = gather_words(rt, group, {static_cast<uint64_t>(mine)});
        group.sync();  // every member has read the scratch words before they are reused
        for (size_t i = 0; i < all.size(); ++i) {
            if (static_cast<long long>(all[i]) == mine) continue;
            fatal("%s is collective, but PE %d passed %s %lld where this PE passed %lld; every PE of "
                  "the team must pass the same %s (FABSHMEM_DEBUG=1 checks this)",
                  function, group.members[i], what, static_cast<long long>(all[i]), mine, what);
        }
    };
    same_everywhere("size", static_cast<long long>(bytes));
    if (root >= 0) same_everywhere("root", root);
}

namespace {

// Teams push with their flag words; an active set needs the pair counters (jobs of at most
// kMaxPairCounterPes PEs), or pulls.
bool may_push(const Runtime &rt, const Group &group) { return group.team || pair_notices_available(rt); }

constexpr size_t kLargeBroadcast = size_t{128} << 10;

}  // namespace

// FABSHMEM_BROADCAST_ALGO: "pull", "tree" or "scatter"; auto: the pull up to 4 PEs (one round,
// and the root serves few reads), the tree below kLargeBroadcast, and from it the pull where
// every member is on this node (shared memory serves the readers at once: the tree took 1.7-2.5x
// and scatter 1.3-1.8x the pull's time at 1 MiB, 4-16 PEs) or scatter + allgather across nodes
// (the root's link sends about 2 m instead of n x m). docs/benchmarks.md#collectives.
size_t pushed_broadcast_limit(const Runtime &rt, size_t n, bool on_one_node) {
    const std::string &asked = rt.config.broadcast_algo;
    if (n < 2 || asked == "pull") return 0;
    if (asked != "auto") return SIZE_MAX;  // tree or scatter
    if (n <= 4) return 0;
    return on_one_node ? kLargeBroadcast - 1 : SIZE_MAX;
}

// FABSHMEM_FCOLLECT_ALGO: "pull" or "bruck"; auto: Bruck's allgather across nodes (log2(n)
// messages per PE instead of n), the pull on one node (measured there: Bruck 0.9-1.4x the pull
// below 64 KiB, 1.1-1.7x at 1 MiB).
bool fcollect_by_bruck(const Runtime &rt, size_t n, bool on_one_node) {
    if (n < 2 || rt.config.fcollect_algo == "pull") return false;
    return rt.config.fcollect_algo == "bruck" || !on_one_node;
}

namespace {

enum class BroadcastAlgo { pull, tree, scatter };
BroadcastAlgo broadcast_algorithm(const Runtime &rt, const Group &group, size_t bytes, bool root_writes_dest) {
    const std::string &asked = rt.config.broadcast_algo;
    if (!may_push(rt, group) || bytes > pushed_broadcast_limit(rt, group.members.size(), group.on_one_node))
        return BroadcastAlgo::pull;
    // scatter's allgather would write the root's dest, which must then stay as it was
    BroadcastAlgo scatter = root_writes_dest ? BroadcastAlgo::scatter : BroadcastAlgo::tree;
    if (asked == "tree") return BroadcastAlgo::tree;
    if (asked == "scatter" || bytes >= kLargeBroadcast) return scatter;
    return BroadcastAlgo::tree;
}

// Binomial tree, relative to the root: member r receives from r minus its lowest set bit, then
// pushes its copy to r + 2^k for every 2^k below that bit (the root: below n), and notices each.
// Every member's dest may be written once all have entered (the sync); no sync at the end: a
// member is done when it has its data and its children theirs.
void broadcast_tree(Runtime &rt, const Group &group, void *dest, const void *source, size_t from, size_t to,
                    size_t bytes, int root_index, bool root_writes_dest) {
    int n = static_cast<int>(group.members.size());
    int relative = (group.my_index - root_index + n) % n;
    auto member = [&](int r) { return group.members[(r + root_index) % n]; };
    group.sync();
    int lowest = 1;
    while (lowest < n && !(relative & lowest)) lowest <<= 1;
    const void *data = dest;  // what this member passes on
    if (relative != 0) {
        wait_for_member_notice(rt, group.team, member(relative - lowest), kTreeWord);
    } else if (root_writes_dest) {
        get_from(rt, group, group.my_index, dest, from, bytes);  // the root's own dest
        quiet_all(rt);
    } else {
        data = source;
    }
    std::vector<int> children;
    for (int step = lowest >> 1; step > 0; step >>= 1)
        if (relative + step < n) children.push_back(member(relative + step));
    for (int child : children)
        if (bytes) rt.route(child).put(to, data, bytes, child, false);
    quiet_all(rt);
    for (int child : children) notify_member(rt, group.team, child, kTreeWord);
}

// Scatter, then allgather: the root's data in n blocks, one to each member down a binomial tree,
// then every block to every member by Bruck's allgather. 2 log2(n) rounds; each member receives
// about 2 m, the root sends about 2 m.
void broadcast_scatter(Runtime &rt, const Group &group, void *dest, size_t from, size_t to, size_t bytes,
                       int root_index) {
    group.sync();
    if (group.my_index == root_index) {
        get_from(rt, group, root_index, dest, from, bytes);  // the root's own dest, sent from there
        quiet_all(rt);
    }
    Blocks blocks{static_cast<int>(group.members.size()), bytes};
    scatter_push(rt, group, root_index, blocks, static_cast<char *>(dest), to);
    allgather_push(rt, group, root_index, blocks, static_cast<char *>(dest), to);
}

bool fcollect_by_push(const Runtime &rt, const Group &group) {
    return may_push(rt, group) && fcollect_by_bruck(rt, group.members.size(), group.on_one_node);
}
// FABSHMEM_ALLTOALL_ALGO: "pull" or "push"; auto: the push above 4 PEs (one sync fewer: 0.66-0.90x
// the pull's time at 6-16 PEs below 1 MiB; 2-4 PEs: 1.0-1.1x).
bool alltoall_by_push(const Runtime &rt, const Group &group) {
    if (group.members.size() < 2 || !pair_notices_available(rt) || rt.config.alltoall_algo == "pull") return false;
    return rt.config.alltoall_algo == "push" || group.members.size() > 4;
}

}  // namespace

void broadcast(Runtime &rt, const char *function, const Group &group, void *dest, const void *source,
               size_t bytes, int root_index, bool root_writes_dest) {
    check_same_arguments(rt, function, group, bytes, root_index);
    size_t from = symmetric_offset(rt, function, source, bytes);
    size_t to = symmetric_offset(rt, function, dest, bytes);
    BroadcastAlgo algorithm = broadcast_algorithm(rt, group, bytes, root_writes_dest);
    if (algorithm == BroadcastAlgo::tree)
        return broadcast_tree(rt, group, dest, source, from, to, bytes, root_index, root_writes_dest);
    if (algorithm == BroadcastAlgo::scatter) return broadcast_scatter(rt, group, dest, from, to, bytes, root_index);
    group.sync();
    if (group.my_index != root_index || root_writes_dest)
        get_from(rt, group, root_index, dest, from, bytes);  // dest is this PE's: a local address
    quiet_all(rt);
    group.sync();
}

// FABSHMEM_REDUCE_ALGO: "pull", "blocks" or "doubling"; auto: blocks from 8 KiB (measured:
// docs/benchmarks.md); below it, across nodes from 3 PEs, doubling (one sync and log2(n) rounds
// instead of two syncs and n gets: 0.60-0.87x the pull's time over tcp at 4-8 PEs), and the
// pull on one node (doubling measured 0.91-1.17x there: shared memory serves the n reads at once).
constexpr size_t kBlocksFrom = size_t{8} << 10;

size_t doubling_limit(const Runtime &rt, size_t n, bool on_one_node) {
    const std::string &choice = rt.config.reduce_algo;
    if (n < 2 || n > SymmetricHeap::kMaxDoublingPes) return 0;  // a reduction slot per round
    if (choice == "doubling") return SIZE_MAX;
    return choice == "auto" && n > 2 && !on_one_node ? kBlocksFrom - 1 : 0;
}

size_t blocks_from(const Runtime &rt) {
    const std::string &choice = rt.config.reduce_algo;
    return choice == "blocks" ? 0 : choice == "auto" ? kBlocksFrom : SIZE_MAX;
}

ReduceAlgo reduce_algorithm(const Runtime &rt, const Group &group, size_t bytes) {
    if (group.members.size() < 2 || !bytes || rt.config.reduce_algo == "pull") return ReduceAlgo::pull;
    if (bytes <= doubling_limit(rt, group.members.size(), group.on_one_node) && may_push(rt, group))
        return ReduceAlgo::doubling;
    return bytes >= blocks_from(rt) ? ReduceAlgo::blocks : ReduceAlgo::pull;
}

void fcollect(Runtime &rt, const char *function, const Group &group, void *dest, const void *source,
              size_t bytes) {
    check_same_arguments(rt, function, group, bytes);
    size_t n = group.members.size();
    size_t from = symmetric_offset(rt, function, source, bytes);
    size_t to = symmetric_offset(rt, function, dest, checked_bytes(function, n, bytes));
    char *mine = static_cast<char *>(dest) + group.my_index * bytes;
    group.sync();
    if (fcollect_by_push(rt, group)) {  // this PE's block into its dest, then Bruck's allgather
        get_from(rt, group, group.my_index, mine, from, bytes);
        quiet_all(rt);
        allgather_push(rt, group, 0, Blocks{static_cast<int>(n), n * bytes}, static_cast<char *>(dest), to);
        return;
    }
    for (size_t step = 0; step < n; ++step) {
        int i = next_member(group, step);
        get_from(rt, group, i, static_cast<char *>(dest) + i * bytes, from, bytes);
    }
    quiet_all(rt);
    group.sync();
}

void collect(Runtime &rt, const char *function, const Group &group, void *dest, const void *source,
             size_t bytes) {
    // Every member's size and source offset first (its sync: every member is in the
    // collective; a member giving nothing may pass any source, so each member's data are read
    // at its own offset), then the data at their places in dest: pushed by Bruck's allgather
    // where fcollect's would be, else pulled.
    const size_t n = group.members.size();
    std::vector<uint64_t> words = gather_words(rt, group, {bytes, symmetric_offset(rt, function, source, bytes)});
    std::vector<size_t> at(n + 1, 0);
    for (size_t i = 0; i < n; ++i) at[i + 1] = at[i] + words[2 * i];
    size_t to = symmetric_offset(rt, function, dest, at[n]);
    char *dest_bytes = static_cast<char *>(dest);
    if (fcollect_by_push(rt, group)) {
        // No sync at the end, as for fcollect: every member's data reach this PE only after
        // that member has read the sizes, so the scratch words may be reused once this returns.
        get_from(rt, group, group.my_index, dest_bytes + at[group.my_index], words[2 * group.my_index + 1], bytes);
        quiet_all(rt);
        allgather_push(rt, group, 0, Blocks{static_cast<int>(n), at[n], &at}, dest_bytes, to);
        return;
    }
    for (size_t step = 0; step < n; ++step) {
        int i = next_member(group, step);
        get_from(rt, group, i, dest_bytes + at[i], words[2 * i + 1], words[2 * i]);
    }
    quiet_all(rt);
    group.sync();
}

void alltoall(Runtime &rt, const char *function, const Group &group, void *dest, const void *source,
              size_t bytes) {
    check_same_arguments(rt, function, group, bytes);
    size_t n = group.members.size();
    size_t from = symmetric_offset(rt, function, source, checked_bytes(function, n, bytes));
    size_t to = symmetric_offset(rt, function, dest, n * bytes);
    if (alltoall_by_push(rt, group))
        return alltoall_push(rt, group, static_cast<char *>(dest), static_cast<const char *>(source), from, to, bytes);
    group.sync();
    for (size_t step = 0; step < n; ++step) {
        int i = next_member(group, step);
        get_from(rt, group, i, static_cast<char *>(dest) + i * bytes, from + group.my_index * bytes, bytes);
    }
    quiet_all(rt);
    group.sync();
}

void alltoalls(Runtime &rt, const char *function, const Group &group, void *dest, const void *source,
               ptrdiff_t dst, ptrdiff_t sst, size_t nelems, size_t element) {
    if (dst < 1 || sst < 1) fatal("%s: the strides must be at least 1 (dst %td, sst %td)", function, dst, sst);
    // Unit strides are alltoall's layout: its algorithm (pushed, or one get per member).
    if (dst == 1 && sst == 1) return alltoall(rt, function, group, dest, source, checked_bytes(function, nelems, element));
    check_same_arguments(rt, function, group, checked_bytes(function, nelems, element));
    size_t n = group.members.size(), count = checked_bytes(function, n, nelems);
    // The last element either side is (count - 1) * stride past the first.
    auto extent = [&](ptrdiff_t stride) {
        return count ? checked_bytes(function, checked_bytes(function, count - 1, stride) + 1, element) : 0;
    };
    size_t from = symmetric_offset(rt, function, source, extent(sst));
    symmetric_offset(rt, function, dest, extent(dst));
    char *dest_bytes = static_cast<char *>(dest);
    // What each member sends this PE: nelems elements `sst` apart, element i at `source_at(i)`
    // (the same offset on every member), to land at `dest_at(member, i)` here.
    auto source_at = [&](size_t i) { return from + group.my_index * nelems * sst * element + i * sst * element; };
    auto dest_at = [&](size_t j, size_t i) { return dest_bytes + ((j * nelems + i) * dst) * element; };
    group.sync();
    // Over a fabric each get is a message: a member's elements come in one get of the span
    // that holds them (span_read.h). A member whose heap is mapped is read element by element
    // (a load each), as is any member into a GPU heap (dest is not host memory), and elements
    // too sparse for a span (the transport's strided get: over a fabric several per message).
    const bool by_span = nelems && read_by_span(static_cast<size_t>(sst) * element, element, dest);
    const size_t span = by_span ? ((nelems - 1) * sst + 1) * element : 0;
    // Members read by span in the batch being read, and their spans (allocated at the first,
    // once: the gets in flight write into it).
    const size_t batch = by_span ? std::min(n, pieces_per_span(span)) : 0;
    std::vector<size_t> spanned;
    std::vector<char> scratch;
    auto place_spans = [&] {
        quiet_all(rt);
        for (size_t k = 0; k < spanned.size(); ++k)
            for (size_t i = 0; i < nelems; ++i)
                std::memcpy(dest_at(spanned[k], i), scratch.data() + k * span + i * sst * element, element);
        spanned.clear();
    };
    for (size_t step = 0; step < n; ++step) {
        size_t j = static_cast<size_t>(next_member(group, step));
        int pe = group.members[j];
        if (!by_span || rt.route(pe).local_address(source_at(0), pe)) {
            if (nelems)
                rt.route(pe).strided(false, dest_at(j, 0), dst * static_cast<ptrdiff_t>(element), source_at(0),
                                     sst * static_cast<ptrdiff_t>(element), nelems, element, pe);
            continue;
        }
        if (scratch.empty()) scratch.resize(batch * span);
        if (spanned.size() == batch) place_spans();
        spanned.push_back(j);
        get_from(rt, group, static_cast<int>(j), scratch.data() + (spanned.size() - 1) * span, source_at(0), span);
    }
    place_spans();
    quiet_all(rt);
    group.sync();
}

}  // namespace fabshmem
