// half (IEEE binary16) and bfloat16 as the library holds them: 16-bit containers, converted to
// float for arithmetic and rounded back to nearest even, as CUDA's conversions do. Without CUDA,
// so reductions on them work in every build.
#pragma once

#include <cstdint>

namespace fabshmem {

float half_to_float(uint16_t half);
uint16_t float_to_half(float value);
float bfloat16_to_float(uint16_t bfloat16);
uint16_t float_to_bfloat16(float value);

}  // namespace fabshmem
