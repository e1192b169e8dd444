// How much address space this process may map (RLIMIT_AS, `ulimit -v`; RLIMIT_DATA, `ulimit -d`),
// and what to say when a mapping fails against it. A PE maps its symmetric heap and, on a node
// with other PEs, each node peer's heap beside it, so a limit that a program never meets alone
// is reached at init; mmap then says only "Cannot allocate memory".
#pragma once

#include <cstddef>
#include <string>

namespace fabshmem {

// For a mapping of `bytes` that failed with `error_number`: where that is ENOMEM and the mapping
// would pass a limit of this process, which limit, its size and how much is mapped already,
// starting "; " so that a caller can go on with what to do ("raise the limit before the launch
// ..."). Else "" (the memory itself ran out, or the failure has another cause).
std::string mapping_limit(int error_number, size_t bytes);

}  // namespace fabshmem
