// One number per PE of the job — a peer's region base or key, its fi_addr_t — kept in a table
// only where the PEs' numbers differ. Where every PE's is the same (a key the provider took as
// requested, a base under offset addressing) it is stored once, and where it is the PE number
// itself (fi_addr_t in an FI_AV_TABLE filled in PE order) it is not stored at all. So the
// fabric's state per peer is what really differs between peers: on tcp and shm nothing but the
// provider's own address vector entry (docs/scale.md).
#pragma once

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace fabshmem {

class PerPeer {
public:
    PerPeer() = default;
    explicit PerPeer(std::vector<uint64_t> values) {
        bool same = true, index = true;
        for (size_t pe = 0; pe < values.size(); ++pe) {
            same = same && values[pe] == values[0];
            index = index && values[pe] == pe;
        }
        if (same) {
            kind_ = Kind::same;
            value_ = values.empty() ? 0 : values[0];
        } else if (index) {
            kind_ = Kind::index;
        } else {
            kind_ = Kind::table;
            table_ = std::move(values);
        }
    }
    uint64_t operator[](size_t pe) const {
        return kind_ == Kind::same ? value_ : kind_ == Kind::index ? pe : table_[pe];
    }
    size_t bytes_per_peer() const { return kind_ == Kind::table ? sizeof(uint64_t) : 0; }

private:
    enum class Kind : uint8_t { same, index, table };
    Kind kind_ = Kind::same;
    uint64_t value_ = 0;
    std::vector<uint64_t> table_;
};

}  // namespace fabshmem
