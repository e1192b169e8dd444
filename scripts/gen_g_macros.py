#!/usr/bin/env python3
"""Writes g_macros.h: one macro per RMA type of the type table (include/fabshmem/detail/types.h)
that lets nvshmem_TYPE_g take the tutorial's indexed form, nvshmem_float_g(buf, i, pe), beside
NVSHMEM's nvshmem_float_g(buf + i, pe). The C preprocessor cannot define macros from a table,
so the build runs this.   usage: gen_g_macros.py TYPES_H OUTPUT"""
import re
import sys

types_h, output = sys.argv[1], sys.argv[2]
rows = re.findall(r"^\s*ROW\(X,\s*(\w+),\s*[^,]+,\s*([01]),", open(types_h).read(), re.M)
if not rows:
    sys.exit(f"gen_g_macros.py: no type rows found in {types_h}")
lines = [
    "/* Generated from fabshmem/detail/types.h by scripts/gen_g_macros.py; do not edit. */",
    "#ifndef FABSHMEM_DETAIL_G_MACROS_H",
    "#define FABSHMEM_DETAIL_G_MACROS_H",
]
lines += [f"#define nvshmem_{name}_g(...) FABSHMEMI_G(nvshmem_{name}_g, __VA_ARGS__)"
          for name, rma in rows if rma == "1"]
lines.append("#endif")
with open(output, "w") as out:
    out.write("\n".join(lines) + "\n")
