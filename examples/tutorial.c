/* The tutorial's complete example (nvshmem-init-finalize-tutorial, section 5), as written:
 * init, allocate on the symmetric heap, fill, barrier, PE 0 reads element 5 of PE 1, barrier,
 * free, finalize. On fabshmem the heap may live in host memory, so the host fills it and
 * nvshmem_float_g works from the host. Run it with `srun --mpi=pmix -n 2 ./tutorial`. */
#include <nvshmem.h>
#include <stdio.h>
#include <stdlib.h>

int main() {
    // 1. 初始化
    nvshmem_init();

    int my_rank = nvshmem_my_pe();
    int n_ranks = nvshmem_n_pes();

    if (n_ranks < 2) {
        fprintf(stderr, "Need at least 2 ranks\n");
        nvshmem_finalize();
        return -1;
    }

    // 2. 分配对称内存
    int count = 100;
    float *data = (float*)nvshmalloc(count * sizeof(float));

    if (data == NULL) {
        fprintf(stderr, "Rank %d: allocation failed\n", my_rank);
        nvshmem_finalize();
        return -1;
    }

    // 3. 初始化本地数据
    for (int i = 0; i < count; i++) {
        data[i] = my_rank * 1.0f;
    }

    // 4. 同步，确保所有 PE 数据就绪
    nvshmem_barrier_all();

    // 5. 远程读取：rank 0 读取 rank 1 的数据
    if (my_rank == 0) {
        float val = nvshmem_float_g(data, 5, 1);
        printf("Rank 0 read data[5] from rank 1: %f\n", val);
    }

    // 6. 同步，确保读取完成
    nvshmem_barrier_all();

    // 7. 释放内存
    nvshfree(data);

    // 8. 退出
    nvshmem_finalize();

    return 0;
}
