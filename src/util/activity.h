// What this PE is doing inside fabshmem ("in nvshmem_barrier_all", "in a blocking get from
// PE 3"), so that the message about a dead peer says where the survivors were. Blocking
// calls mark themselves with an ActivityScope; outside them the PE is in its own code.
// One record per process (the watchdog reads it from its own thread); with several user
// threads it shows the latest.
#pragma once

#include <string>

namespace fabshmem {

class ActivityScope {
public:
    // `what` must be a string literal; `pe` >= 0 is appended as "PE <pe>".
    explicit ActivityScope(const char *what, int pe = -1);
    ~ActivityScope();
    ActivityScope(const ActivityScope &) = delete;
    ActivityScope &operator=(const ActivityScope &) = delete;

private:
    const char *what_;
    int pe_;
    const char *previous_what_;
    int previous_pe_;
};

// "in nvshmem_quiet", "in a blocking get from PE 1", or "in its own code (last in fabshmem
// 0.1 s ago: in a blocking get from PE 1)"; how long ago is known to the watchdog's sampling
// interval (it calls sample_activity; without it the time is left out).
std::string describe_activity();
void sample_activity();

}  // namespace fabshmem
