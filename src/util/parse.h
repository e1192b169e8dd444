// Parsers for environment values. Each returns false (and leaves *out alone) on bad input.
#pragma once

#include <cstddef>
#include <string>

namespace fabshmem {

// "1048576", "512M", "2G", "64KiB", "1T": suffixes are powers of 1024; overflow is refused.
bool parse_size(const std::string &text, size_t *out);
// 1/0, yes/no, true/false, on/off (any case).
bool parse_bool(const std::string &text, bool *out);
bool parse_int(const std::string &text, long *out);
// 1073741824 -> "1G", 1536 -> "1536" (exact only, so the text parses back to the same value).
std::string format_size(size_t bytes);
// For messages: "100.0 GiB", "512 MiB", "1536 bytes" (not meant to be parsed back).
std::string human_size(size_t bytes);

}  // namespace fabshmem
