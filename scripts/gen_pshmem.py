#!/usr/bin/env python3
"""Writes OpenSHMEM's profiling interface from the OpenSHMEM routines the library defines:
  pshmem.h    declares pshmem_X (and pshmemx_X, pstart_pes, p_my_pe, ...) for every routine X,
              with X's own type (shmem.h declares X);
  pshmem.ld   gives the linker pshmem_X = X, so that both names are the same code.
A profiling tool defines shmem_long_put, counts or times the call and calls pshmem_long_put;
programs call shmem_long_put through the library's symbol (shmem.h declares, never inlines),
so the tool sees every call. The routines are read from the library's own objects, so the
list cannot drift from what is built.
  usage: gen_pshmem.py PSHMEM_H PSHMEM_LD NM STATIC_LIB..."""
import re
import subprocess
import sys

header, linker_script, nm, libraries = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]

LEGACY = {"start_pes", "_my_pe", "_num_pes", "shmalloc", "shfree", "shmemalign", "shrealloc"}
routines = set()
for library in libraries:
    listing = subprocess.run([nm, "-g", "--defined-only", library], check=True, capture_output=True, text=True)
    for line in listing.stdout.splitlines():
        fields = line.split()
        if len(fields) == 3 and fields[1] in "TW":
            name = fields[2]
            if re.match(r"shmemx?_", name) or name in LEGACY:
                routines.add(name)
if "shmem_init" not in routines:
    sys.exit(f"gen_pshmem.py: no OpenSHMEM routines found in {libraries}")

# C++ has these as one overload each of a generic name (shmem_generic.h), so their types are
# written out. The complex reductions exist where shmem.h declares them.
SPELLED_OUT_IN_CXX = {
    "shmem_wait": "void pshmem_wait(long *ivar, long cmp_value);",
    "shmem_wait_until": "void pshmem_wait_until(long *ivar, int cmp, long cmp_value);",
    "shmem_swap": "long pshmem_swap(long *dest, long value, int pe);",
    "shmem_sync": "void pshmem_sync(int PE_start, int logPE_stride, int PE_size, long *pSync);",
}


def declaration(name):
    line = f"FABSHMEMI_PSHMEM({name})"
    if name in SPELLED_OUT_IN_CXX:
        return f"#ifdef __cplusplus\n{SPELLED_OUT_IN_CXX[name]}\n#else\n{line}\n#endif"
    if "_complex" in name:
        return f"#ifdef FABSHMEMI_HAVE_COMPLEX\n{line}\n#endif"
    return line


lines = [
    "/* fabshmem: OpenSHMEM's profiling interface: every OpenSHMEM routine under a second name",
    " * (pshmem_long_put for shmem_long_put, pstart_pes for start_pes), the same code. A profiling",
    " * tool defines the shmem_ routines it watches and calls the pshmem_ ones from them.",
    " * Generated from the library's routines by scripts/gen_pshmem.py; do not edit. */",
    "#ifndef FABSHMEM_PSHMEM_H",
    "#define FABSHMEM_PSHMEM_H",
    "",
    "#include <shmem.h>",
    "",
    "#ifdef __cplusplus",
    "#define FABSHMEMI_PSHMEM(name) extern decltype(name) p##name;",
    'extern "C" {',
    "#else",
    "#define FABSHMEMI_PSHMEM(name) extern __typeof__(name) p##name;",
    "#endif",
]
lines += [declaration(name) for name in sorted(routines)]
lines += ["#ifdef __cplusplus", "}", "#endif", "#undef FABSHMEMI_PSHMEM", "", "#endif"]
with open(header, "w") as out:
    out.write("\n".join(lines) + "\n")

with open(linker_script, "w") as out:
    out.write("/* pshmem_X is X: OpenSHMEM's profiling names (scripts/gen_pshmem.py) */\n")
    out.write("".join(f"p{name} = {name};\n" for name in sorted(routines)))
