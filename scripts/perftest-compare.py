#!/usr/bin/env python3
"""Side by side: the tables NVIDIA's perftest printed for two libraries.

    scripts/perftest-compare.py [--sizes 8,65536] DIR_A DIR_B [NAME_A NAME_B]

DIR_A and DIR_B hold the programs' run logs (PROGRAM.run.log, as scripts/nvshmem-clients.sh
--run writes them). perftest prints each measurement as a table: a "#title" line, a header
("size(B)  scope  latency (us)", or with count/type/redop columns for collectives), then rows.
For every row both libraries printed, one line: program, title, scope or type, size, the two
values and their ratio A/B: below 1 means A is faster for a latency and slower for a
bandwidth (the unit column says which)."""
import os
import re
import sys


def tables(path):
    """{(title, key, size): (value, unit)} from one run log."""
    found, title, columns = {}, None, None
    with open(path, errors="replace") as log:
        for line in log:
            line = line.rstrip("\n")
            if line.startswith("#"):
                title, columns = line[1:].strip(), None
                continue
            if title and line.startswith("size(B)"):
                columns = re.split(r"\s{2,}", line.strip())
                continue
            if not columns:
                continue
            cells = line.split()
            if len(cells) < 3 or not cells[0].isdigit():
                columns = None if not line.strip() else columns
                continue
            # The value is the first column named latency, BW or msg rate; the key is what
            # sits between size and it (scope, or count/type/redop).
            value_at = next((i for i, c in enumerate(columns) if re.match(r"(latency|BW|msg)", c)), None)
            if value_at is None or value_at >= len(cells):
                continue
            key = " ".join(c for c, name in zip(cells[1:value_at], columns[1:value_at]) if name != "count") or "-"
            try:
                found[(title, key, int(cells[0]))] = (float(cells[value_at]), columns[value_at].replace(" ", ""))
            except ValueError:
                pass
    return found


def main():
    args, sizes = sys.argv[1:], None
    if args[:1] == ["--sizes"] and len(args) > 1:
        sizes, args = {int(s) for s in args[1].split(",")}, args[2:]
    if len(args) not in (2, 4):
        sys.exit(__doc__)
    a_dir, b_dir = args[:2]
    a_name, b_name = args[2:4] if len(args) == 4 else ("A", "B")
    print(f"{'program':44} {'table':34} {'scope':18} {'size':>8} {a_name:>12} {b_name:>12} {'ratio':>7}  unit")
    rows = 0
    for log in sorted(os.listdir(a_dir)):
        if not log.startswith("perftest_") or not log.endswith(".run.log"):
            continue
        b_log = os.path.join(b_dir, log)
        if not os.path.exists(b_log):
            continue
        a, b = tables(os.path.join(a_dir, log)), tables(b_log)
        program = log[len("perftest_"):-len(".run.log")]
        for key in sorted(set(a) & set(b)):
            if sizes and key[2] not in sizes:
                continue
            (va, unit), (vb, _) = a[key], b[key]
            ratio = f"{va / vb:.2f}" if vb else "-"
            print(f"{program:44} {key[0][:34]:34} {key[1][:18]:18} {key[2]:>8} {va:>12.3f} {vb:>12.3f} {ratio:>7}  {unit}")
            rows += 1
    print(f"{rows} rows; ratio = {a_name}/{b_name} (latency: below 1 is {a_name} faster; bandwidth: above 1)")


if __name__ == "__main__":
    main()
