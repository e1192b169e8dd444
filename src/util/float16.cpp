#include "float16.h"

#include <cmath>
#include <cstring>

namespace fabshmem {
namespace {

uint32_t bits_of(float value) {
    uint32_t bits;
    std::memcpy(&bits, &value, sizeof bits);
    return bits;
}

float float_of(uint32_t bits) {
    float value;
    std::memcpy(&value, &bits, sizeof value);
    return value;
}

}  // namespace

float half_to_float(uint16_t half) {
    uint32_t sign = uint32_t(half & 0x8000) << 16;
    uint32_t exponent = (half >> 10) & 0x1f, mantissa = half & 0x3ff;
    if (exponent == 0) {  // zero or subnormal: mantissa x 2^-24
        float magnitude = std::ldexp(static_cast<float>(mantissa), -24);
        return sign ? -magnitude : magnitude;
    }
    if (exponent == 31) return float_of(sign | 0x7f800000 | (mantissa << 13));  // inf, NaN
    return float_of(sign | ((exponent + 112) << 23) | (mantissa << 13));
}

uint16_t float_to_half(float value) {
    uint32_t bits = bits_of(value);
    uint16_t sign = static_cast<uint16_t>((bits >> 16) & 0x8000);
    uint32_t magnitude = bits & 0x7fffffff;
    if (magnitude >= 0x7f800000)  // inf stays inf, NaN stays a (quiet) NaN
        return sign | 0x7c00 | (magnitude > 0x7f800000 ? 0x200 | ((magnitude >> 13) & 0x3ff) : 0);
    if (magnitude >= 0x477ff000) return sign | 0x7c00;  // 65520 and above round to inf
    if (magnitude < 0x38800000) {                        // below 2^-14: a subnormal half (or 0)
        float scaled = float_of(magnitude) * 16777216.0f;  // in units of 2^-24, exact
        return sign | static_cast<uint16_t>(std::nearbyint(scaled));  // rounds to nearest even
    }
    uint32_t exponent = (magnitude >> 23) - 112, mantissa = magnitude & 0x7fffff;
    uint32_t half = (exponent << 10) | (mantissa >> 13), rest = mantissa & 0x1fff;
    if (rest > 0x1000 || (rest == 0x1000 && (half & 1))) ++half;  // a carry moves into the exponent
    return sign | static_cast<uint16_t>(half);
}

float bfloat16_to_float(uint16_t bfloat16) { return float_of(uint32_t(bfloat16) << 16); }

uint16_t float_to_bfloat16(float value) {
    uint32_t bits = bits_of(value);
    if ((bits & 0x7fffffff) > 0x7f800000) return static_cast<uint16_t>((bits >> 16) | 0x40);  // quiet NaN
    bits += 0x7fff + ((bits >> 16) & 1);
    return static_cast<uint16_t>(bits >> 16);
}

}  // namespace fabshmem
