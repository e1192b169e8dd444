#include "static_data.h"

#include <fcntl.h>
#include <link.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "log.h"
#include "shared_memory_fault.h"

namespace fabshmem {
namespace {

struct Segment {
    uintptr_t begin = 0, end = 0, relro_end = 0;
};

// dl_iterate_phdr lists the main program first.
int find_main_program_segment(dl_phdr_info *info, size_t, void *data) {
    auto *segment = static_cast<Segment *>(data);
    for (int i = 0; i < info->dlpi_phnum; ++i) {
        const ElfW(Phdr) &ph = info->dlpi_phdr[i];
        uintptr_t start = info->dlpi_addr + ph.p_vaddr;
        if (ph.p_type == PT_LOAD && (ph.p_flags & PF_W) && !segment->begin) {
            segment->begin = start;
            segment->end = start + ph.p_memsz;
        }
        if (ph.p_type == PT_GNU_RELRO) segment->relro_end = start + ph.p_memsz;
    }
    return 1;  // only the main program
}

// Copies the whole segment, the gaps between variables included, which AddressSanitizer
// poisons: so without its instrumentation, and word by word (volatile: never a memcpy call,
// which it intercepts).
__attribute__((no_sanitize("address"))) void copy_segment(char *dest, const char *source, size_t bytes) {
    auto *d = reinterpret_cast<volatile uint64_t *>(dest);
    auto *s = reinterpret_cast<const volatile uint64_t *>(source);
    for (size_t i = 0; i < bytes / sizeof(uint64_t); ++i) d[i] = s[i];
}

}  // namespace

bool StaticData::locate(std::string *why) {
    Segment segment;
    dl_iterate_phdr(find_main_program_segment, &segment);
    uintptr_t page = static_cast<uintptr_t>(sysconf(_SC_PAGESIZE));
    uintptr_t begin = std::max(segment.begin, segment.relro_end);
    begin = (begin + page - 1) & ~(page - 1);
    uintptr_t end = (segment.end + page - 1) & ~(page - 1);
    if (!segment.begin || end <= begin) {
        *why = "the program has no writable data segment";
        return false;
    }
    base_ = reinterpret_cast<char *>(begin);
    size_ = end - begin;
    return true;
}

bool StaticData::share(const std::string &name) {
    int fd = shm_open(name.c_str(), O_CREAT | O_EXCL | O_RDWR, 0600);
    if (fd < 0) {
        FS_WARN("global and static variables stay private: cannot create %s in /dev/shm (%s)",
                name.c_str(), std::strerror(errno));
        return false;
    }
    bool ok = ftruncate(fd, static_cast<off_t>(size_)) == 0;
    void *copy = ok ? mmap(nullptr, size_, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0) : MAP_FAILED;
    ok = copy != MAP_FAILED;
    if (ok) {
        note_shared_mapping(copy, size_, -1, "global and static variables");
        copy_segment(static_cast<char *>(copy), base_, size_);  // whole pages: a multiple of 8
        forget_shared_mapping(copy);
        munmap(copy, size_);
    }
    // Same addresses, same bytes: from here on the variables live in the shared object.
    if (ok) ok = mmap(base_, size_, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_FIXED, fd, 0) != MAP_FAILED;
    int saved = errno;
    close(fd);
    if (!ok) {
        shm_unlink(name.c_str());
        FS_WARN("global and static variables stay private: sharing the data segment failed (%s)",
                std::strerror(saved));
        return false;
    }
    note_shared_mapping(base_, size_, -1, "global and static variables");
    shared_name_ = name;
    return true;
}

void StaticData::unlink_shared_name() {
    if (!shared_name_.empty()) shm_unlink(shared_name_.c_str());
    shared_name_.clear();
}

}  // namespace fabshmem
