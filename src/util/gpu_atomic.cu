// An atomic on a word of GPU memory, made by the host: one GPU thread does it with the same
// system-scope CUDA atomics as the device API, so host-made and kernel-made atomics on a GPU
// heap are atomic with respect to each other (whichever GPU maps the word).
#include <cuda_runtime.h>

#include "atomic_ops.h"
#include "cuda_support.h"

namespace fabshmem::cuda {
namespace {

template <class Word>
__global__ void atomic_kernel(Word *w, AtomicOp op, Word operand, Word compare, unsigned long long *old) {
    Word result = 0;
    switch (op) {
    case AtomicOp::read: result = atomicOr_system(w, Word(0)); break;
    case AtomicOp::write: result = atomicExch_system(w, operand); break;
    case AtomicOp::add: result = atomicAdd_system(w, operand); break;
    case AtomicOp::band: result = atomicAnd_system(w, operand); break;
    case AtomicOp::bor: result = atomicOr_system(w, operand); break;
    case AtomicOp::bxor: result = atomicXor_system(w, operand); break;
    case AtomicOp::compare_swap: result = atomicCAS_system(w, compare, operand); break;
    }
    *old = result;
}

}  // namespace

bool launch_atomic(void *word, const AtomicRequest &r, void *stream, unsigned long long *old_device) {
    auto s = static_cast<cudaStream_t>(stream);
    if (r.width == 4)
        atomic_kernel<<<1, 1, 0, s>>>(static_cast<unsigned int *>(word), r.op, static_cast<unsigned int>(r.operand),
                                      static_cast<unsigned int>(r.compare), old_device);
    else
        atomic_kernel<<<1, 1, 0, s>>>(static_cast<unsigned long long *>(word), r.op,
                                      static_cast<unsigned long long>(r.operand),
                                      static_cast<unsigned long long>(r.compare), old_device);
    return cudaGetLastError() == cudaSuccess;
}

}  // namespace fabshmem::cuda
