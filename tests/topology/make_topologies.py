#!/usr/bin/env python3
"""Writes the recorded node topologies the topology tests load (hwloc v2 XML):
  dgx-h100.xml   2 packages x 8 cores, 8 GPUs, 8 NICs (mlx5_0..7); GPU i and NIC i share a
                 PCIe switch; GPUs/NICs 0-3 under package 0, 4-7 under package 1
  gpu4-nic2.xml  1 package x 8 cores, 4 GPUs, 2 NICs; GPUs 0,1 and NIC 0 share a switch,
                 GPUs 2,3 and NIC 1 another
  cpu-only.xml   1 package x 4 cores, no GPU, 2 NICs on one host bridge
Run it again after changing it; the XML files are committed."""

def mask(cpus):
    value = 0
    for c in cpus:
        value |= 1 << c
    return "0x%08x" % value

class Writer:
    def __init__(self):
        self.lines = ['<?xml version="1.0" encoding="UTF-8"?>', '<!DOCTYPE topology SYSTEM "hwloc2.dtd">',
                      '<topology version="2.0">']
        self.gp = 1
    def open(self, depth, attrs):
        self.gp += 1
        self.lines.append("  " * depth + '<object %s gp_index="%d">' % (attrs, self.gp))
    def close(self, depth):
        self.lines.append("  " * depth + "</object>")
    def leaf(self, depth, attrs):
        self.gp += 1
        self.lines.append("  " * depth + '<object %s gp_index="%d"/>' % (attrs, self.gp))
    def text(self):
        return "\n".join(self.lines + ["</topology>", ""])

def cpu_attrs(cpus, node):
    return 'cpuset="%s" complete_cpuset="%s" nodeset="%s" complete_nodeset="%s"' % (
        mask(cpus), mask(cpus), mask([node]), mask([node]))

def package(w, index, cpus, switches, first_bus):
    """switches: list of lists of ("gpu"|"nic", name) devices under one PCIe switch each."""
    w.open(2, 'type="Package" os_index="%d" %s' % (index, cpu_attrs(cpus, index)))
    w.leaf(3, 'type="NUMANode" os_index="%d" %s local_memory="68719476736"' % (index, cpu_attrs(cpus, index)))
    for c in cpus:
        w.open(3, 'type="Core" os_index="%d" %s' % (c, cpu_attrs([c], index)))
        w.leaf(4, 'type="PU" os_index="%d" %s' % (c, cpu_attrs([c], index)))
        w.close(3)
    last_bus = first_bus + 2 * len(switches)
    w.open(3, 'type="Bridge" bridge_type="0-1" depth="0" bridge_pci="0000:[%02x-%02x]"' % (first_bus, last_bus))
    for s, devices in enumerate(switches):
        bus = first_bus + 2 * s
        w.open(4, 'type="Bridge" pci_busid="0000:%02x:00.0" pci_type="0604 [1000:c030] [0000:0000] 00" '
                  'pci_link_speed="0.000000" bridge_type="1-1" depth="1" bridge_pci="0000:[%02x-%02x]"'
               % (bus, bus + 1, bus + 1))
        for d, (kind, name) in enumerate(devices):
            pci_class, ids = ("0302", "[10de:2330] [10de:16c1] a1") if kind == "gpu" else ("0207", "[15b3:101b] [15b3:0007] 00")
            w.open(5, 'type="PCIDev" pci_busid="0000:%02x:%02x.0" pci_type="%s %s" pci_link_speed="0.000000"'
                   % (bus + 1, d, pci_class, ids))
            osdev_type = 1 if kind == "gpu" else 3  # GPU, OpenFabrics
            w.leaf(6, 'type="OSDev" name="%s" osdev_type="%d"' % (name, osdev_type))
            w.close(5)
        w.close(4)
    w.close(3)
    w.close(2)

def machine(packages):
    w = Writer()
    all_cpus = [c for _, cpus, _, _ in packages for c in cpus]
    w.open(1, 'type="Machine" os_index="0" %s allowed_cpuset="%s" allowed_nodeset="%s"' % (
        'cpuset="%s" complete_cpuset="%s" nodeset="%s" complete_nodeset="%s"' % (
            mask(all_cpus), mask(all_cpus), mask(range(len(packages))), mask(range(len(packages)))),
        mask(all_cpus), mask(range(len(packages)))))
    for args in packages:
        package(w, *args)
    w.close(1)
    return w.text()

dgx = machine([
    (0, range(0, 8), [[("gpu", "card%d" % i), ("nic", "mlx5_%d" % i)] for i in range(0, 4)], 0x10),
    (1, range(8, 16), [[("gpu", "card%d" % i), ("nic", "mlx5_%d" % i)] for i in range(4, 8)], 0x90),
])
gpu4 = machine([(0, range(0, 8), [[("gpu", "card0"), ("gpu", "card1"), ("nic", "mlx5_0")],
                                  [("gpu", "card2"), ("gpu", "card3"), ("nic", "mlx5_1")]], 0x10)])
cpu = machine([(0, range(0, 4), [[("nic", "mlx5_0"), ("nic", "mlx5_1")]], 0x10)])
for name, text in [("dgx-h100.xml", dgx), ("gpu4-nic2.xml", gpu4), ("cpu-only.xml", cpu)]:
    with open(name, "w") as f:
        f.write(text)
