// Runs the fuzz target without libFuzzer (any compiler, e.g. in the sanitizer build of the
// test suite): hand-picked inputs, then mutations of them from a fixed seed.
//   fuzz_parse [ITERATIONS]      (scripts/fuzz.sh runs the real libFuzzer with clang)
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int main(int argc, char **argv) {
    long iterations = argc > 1 ? std::atol(argv[1]) : 200000;
    const std::vector<std::string> seeds = {
        "", "0", "1", "-1", "512M", "2G", "64KiB", "1T", "16E", "17179869184G", "18446744073709551615",
        "18446744073709551616", "1.5G", " 1G", "1G ", "0x10", "+5", "--1", "yes", "NO", "on", "Off",
        "true", "9223372036854775807", "-9223372036854775808", "99999999999999999999", "1k", "1KB",
        "1 M", "G", "M1", "\t", std::string("1\0G", 3), "\xff\xfe", "1GiB", "1gib", "8Ti"};
    auto run = [](const std::string &input) {
        LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t *>(input.data()), input.size());
    };
    for (const std::string &seed : seeds) run(seed);
    std::mt19937_64 random(2026);
    const std::string alphabet = "0123456789KMGTPEkmgtpeiIbB -+.xX\t\nyesnotrufalOF\0\xff";
    for (long i = 0; i < iterations; ++i) {
        std::string input = seeds[random() % seeds.size()];
        int edits = 1 + random() % 4;
        for (int e = 0; e < edits; ++e) {
            size_t at = input.empty() ? 0 : random() % (input.size() + 1);
            char c = alphabet[random() % alphabet.size()];
            switch (random() % 3) {
            case 0: input.insert(input.begin() + at, c); break;
            case 1: if (at < input.size()) input.erase(at, 1); break;
            default: if (at < input.size()) input[at] = c; else input.push_back(c);
            }
        }
        run(input);
    }
    std::printf("fuzz_parse: %zu seeds and %ld mutated inputs, every property held\n", seeds.size(), iterations);
    return 0;
}
