#include "transport.h"

namespace fabshmem {

bool Transport::wait_for_activity(int) { return poll(); }

}  // namespace fabshmem
