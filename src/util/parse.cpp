#include "parse.h"

#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <limits>

namespace fabshmem {
namespace {

std::string lower(std::string s) {
    for (char &c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

std::string trim(const std::string &s) {
    size_t begin = s.find_first_not_of(" \t");
    if (begin == std::string::npos) return "";
    size_t end = s.find_last_not_of(" \t");
    return s.substr(begin, end - begin + 1);
}

}  // namespace

bool parse_size(const std::string &text, size_t *out) {
    std::string s = lower(trim(text));
    if (s.empty() || !std::isdigit(static_cast<unsigned char>(s[0]))) return false;
    size_t digits_end = 0;
    unsigned long long value = 0;
    while (digits_end < s.size() && std::isdigit(static_cast<unsigned char>(s[digits_end]))) {
        unsigned digit = static_cast<unsigned>(s[digits_end] - '0');
        if (value > (std::numeric_limits<unsigned long long>::max() - digit) / 10) return false;
        value = value * 10 + digit;
        ++digits_end;
    }
    std::string suffix = s.substr(digits_end);
    static const struct { const char *name; unsigned shift; } units[] = {
        {"", 0},    {"b", 0},    {"k", 10},  {"kb", 10}, {"kib", 10}, {"m", 20},  {"mb", 20},
        {"mib", 20}, {"g", 30},  {"gb", 30}, {"gib", 30}, {"t", 40},  {"tb", 40}, {"tib", 40},
        {"p", 50},  {"pb", 50}, {"pib", 50},
    };
    for (const auto &unit : units) {
        if (suffix != unit.name) continue;
        if (unit.shift && value > (std::numeric_limits<size_t>::max() >> unit.shift)) return false;
        *out = static_cast<size_t>(value << unit.shift);
        return true;
    }
    return false;
}

bool parse_bool(const std::string &text, bool *out) {
    std::string s = lower(trim(text));
    if (s == "1" || s == "yes" || s == "true" || s == "on" || s == "y") {
        *out = true;
        return true;
    }
    if (s == "0" || s == "no" || s == "false" || s == "off" || s == "n") {
        *out = false;
        return true;
    }
    return false;
}

bool parse_int(const std::string &text, long *out) {
    std::string s = trim(text);
    if (s.empty()) return false;
    errno = 0;
    char *end = nullptr;
    long value = std::strtol(s.c_str(), &end, 10);
    if (errno != 0 || *end != '\0') return false;
    *out = value;
    return true;
}

std::string format_size(size_t bytes) {
    static const struct { const char *suffix; unsigned shift; } units[] = {
        {"P", 50}, {"T", 40}, {"G", 30}, {"M", 20}, {"K", 10}};
    for (const auto &unit : units) {
        size_t scale = size_t{1} << unit.shift;
        if (bytes >= scale && bytes % scale == 0) return std::to_string(bytes / scale) + unit.suffix;
    }
    return std::to_string(bytes);
}

std::string human_size(size_t bytes) {
    static const struct { const char *suffix; unsigned shift; } units[] = {
        {"PiB", 50}, {"TiB", 40}, {"GiB", 30}, {"MiB", 20}, {"KiB", 10}};
    for (const auto &unit : units) {
        size_t scale = size_t{1} << unit.shift;
        if (bytes < scale) continue;
        char text[32];
        if (bytes % scale == 0) std::snprintf(text, sizeof text, "%zu %s", bytes / scale, unit.suffix);
        else std::snprintf(text, sizeof text, "%.1f %s", static_cast<double>(bytes) / static_cast<double>(scale), unit.suffix);
        return text;
    }
    return std::to_string(bytes) + " bytes";
}

}  // namespace fabshmem
