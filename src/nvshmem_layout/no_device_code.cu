// libnvshmem_device.a's only member. NVIDIA's documented build line links NVSHMEM's device
// library (nvcc -rdc=true ... -lnvshmem_host -lnvshmem_device); fabshmem's device API lives in
// its headers, so this archive holds no code: it is there for that line to link unchanged.
