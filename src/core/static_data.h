// The program's global and static variables as symmetric objects (OpenSHMEM's "symmetric data
// objects"): the executable's writable data segment (.data and .bss, past the part made
// read-only after relocation) has the same layout in every PE of the same program, so an
// offset into it names the same variable everywhere.
//
// To reach it, node peers need it in shared memory and the fabric needs it registered. At
// init, share() copies the segment into a POSIX shared-memory object and maps that over it
// (MAP_FIXED: same addresses, same contents), which node peers then map like the heap.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "symmetric_space.h"  // kStaticOffset: where static data offsets start

namespace fabshmem {

class StaticData {
public:
    // Finds the segment; false (and why) where there is none to use.
    bool locate(std::string *why);
    // Remaps it onto the shared-memory object `name`; false (after a message) on failure,
    // leaving the segment as it was.
    bool share(const std::string &name);
    void unlink_shared_name();

    char *base() const { return base_; }
    size_t size() const { return size_; }
    bool contains(const void *ptr, size_t bytes) const {
        uintptr_t p = reinterpret_cast<uintptr_t>(ptr), b = reinterpret_cast<uintptr_t>(base_);
        return base_ && p >= b && p - b <= size_ && bytes <= size_ - (p - b);
    }
    size_t offset_of(const void *ptr) const {
        return kStaticOffset + static_cast<size_t>(static_cast<const char *>(ptr) - base_);
    }
    const std::string &shared_name() const { return shared_name_; }

private:
    char *base_ = nullptr;
    size_t size_ = 0;
    std::string shared_name_;
};

}  // namespace fabshmem
