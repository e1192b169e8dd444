// How many files this process may open (RLIMIT_NOFILE, `ulimit -n`), and what to say when they
// run out. libfabric's tcp provider opens a socket for each peer a PE talks to, so a job's size
// alone can reach a limit (1,024 is a common default) that a program never meets otherwise.
#pragma once

#include <string>

namespace fabshmem {

// Lets this process open `needed` files at once where its hard limit allows, by raising the soft
// limit (never lowering it). Returns false where the hard limit is lower than `needed`; `soft`
// and `hard` receive the limits in effect afterwards.
bool allow_open_files(unsigned long needed, unsigned long *soft, unsigned long *hard);

// For an error whose cause is EMFILE or ENFILE: how many files are open against which limit,
// and what to do, starting "; " so that it ends a message. Where `error_number` is 0 (a library
// that does not say why), the same when this process has (nearly) all its files open. Else "".
std::string open_files_advice(int error_number);

}  // namespace fabshmem
