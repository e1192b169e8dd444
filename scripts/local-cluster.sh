#!/usr/bin/env bash
# A private Slurm for tests, demos and benchmarks, configured in a folder of its own
# (FABSHMEM_CLUSTER_DIR, default /tmp/fabshmem-cluster). Every Slurm command here runs with
# SLURM_CONF set, so no client ever looks for a controller on the network.
#
#   scripts/local-cluster.sh up [--nodes N]   start it; prints SLURM_CONF=<path>
#   scripts/local-cluster.sh exec CMD...      run a Slurm client (srun, sinfo) against it
#   scripts/local-cluster.sh down             stop it and remove everything `up` made
#   scripts/local-cluster.sh status
#   scripts/local-cluster.sh link NODE down|up   cut simulated node NODE (n2) off the network
#                                             and back: a fault injected from outside
#
# Without --nodes: one node, this host. With --nodes N (N >= 2): N simulated hosts n1..nN on
# one machine. Each node's slurmd lives in its own network namespace (address 198.51.100.1x
# on a private bridge), UTS namespace (hostname n<i>) and mount namespace (its own spool and
# TmpFS); the controller has a namespace of its own, where `exec` runs clients. Only
# addresses inside namespaces this script creates are used. Tasks of a job run in their
# node's namespace, so PEs on different nodes talk over the bridge, as across a network.
set -euo pipefail

dir=${FABSHMEM_CLUSTER_DIR:-/tmp/fabshmem-cluster}
conf=$dir/slurm.conf
export SLURM_CONF=$conf
ns_prefix=fabshmem
ctl_ns=$ns_prefix-ctl
subnet=198.51.100
hosts_tag="# fabshmem-local-cluster"

die() { echo "local-cluster: $*" >&2; exit 1; }
nodes_file=$dir/nodes            # how many simulated nodes are up (absent: single node)
in_ctl() { if [ -f "$nodes_file" ]; then nsenter --net=/run/netns/$ctl_ns "$@"; else "$@"; fi; }

write_config() {  # write_config CONTROLLER_ADDRESS NODE_LINES...
    local ctl_addr=$1; shift
    mkdir -p "$dir/state" "$dir/spool" "$dir/tmp" "$dir/nodespool" "$dir/nodetmp"
    # CPUs=8 with config_overrides: 4-PE tests fit on a 2-core machine (oversubscribed).
    {
        cat <<CONF
ClusterName=fabshmem
SlurmctldHost=$(hostname -s)($ctl_addr)
SlurmctldPort=16817
SlurmdPort=16818
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
StateSaveLocation=$dir/state
SlurmctldPidFile=$dir/slurmctld.pid
SlurmctldLogFile=$dir/slurmctld.log
SlurmdPidFile=$dir/slurmd-%n.pid
SlurmdLogFile=$dir/slurmd-%n.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SchedulerType=sched/builtin
MpiDefault=pmix
ReturnToService=2
SwitchType=switch/none
JobCompType=jobcomp/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SlurmdParameters=config_overrides
KillOnBadExit=1
CONF
        printf '%s\n' "$@"
        echo "PartitionName=debug Nodes=ALL Default=YES MaxTime=INFINITE State=UP OverSubscribe=YES"
    } > "$conf"
    # A fence without data is not a barrier across nodes under Slurm's default collective.
    echo "PMIxCollFence=ring" > "$dir/mpi.conf"
}

start_munge() {
    [ -f /etc/munge/munge.key ] || { mkdir -p /etc/munge; dd if=/dev/urandom of=/etc/munge/munge.key bs=1024 count=1 status=none;
                                     chown munge:munge /etc/munge/munge.key; chmod 400 /etc/munge/munge.key; }
    mkdir -p /run/munge && chown munge:munge /run/munge
    pgrep -x munged >/dev/null || runuser -u munge -- /usr/sbin/munged
}

wait_ready() {  # wait_ready NODES
    for _ in $(seq 1 150); do
        if in_ctl timeout 5 srun -N "$1" -n "$1" true 2>/dev/null; then
            echo "SLURM_CONF=$conf"
            return 0
        fi
        sleep 0.2
    done
    die "Slurm did not accept a job within 30 s; see $dir/*.log"
}

up_single() {
    write_config 127.0.0.1 "NodeName=$(hostname -s) NodeAddr=127.0.0.1 CPUs=8 State=UNKNOWN" \
        "SlurmdSpoolDir=$dir/spool" "TmpFS=$dir/tmp"
    start_munge
    slurmctld -f "$conf" || die "slurmctld did not start; see $dir/slurmctld.log"
    slurmd -f "$conf" || die "slurmd did not start; see $dir/slurmd-*.log"
    wait_ready 1
}

up_nodes() {
    local n=$1 lines=() i
    command -v ip >/dev/null || die "ip (iproute2) is missing"
    ip netns add $ns_prefix-br
    ip -n $ns_prefix-br link set lo up
    ip -n $ns_prefix-br link add br0 type bridge
    ip -n $ns_prefix-br link set br0 up
    connect() {  # connect NAMESPACE ADDRESS
        local ns=$1 addr=$2 veth=v${1#"$ns_prefix"-}
        ip netns add "$ns"
        ip -n "$ns" link set lo up
        ip link add "$veth" type veth peer name "p$veth"
        ip link set "$veth" netns "$ns"
        ip link set "p$veth" netns $ns_prefix-br
        ip -n $ns_prefix-br link set "p$veth" master br0
        ip -n $ns_prefix-br link set "p$veth" up
        ip -n "$ns" addr add "$addr/24" dev "$veth"
        ip -n "$ns" link set "$veth" up
    }
    connect $ctl_ns $subnet.1
    for i in $(seq 1 "$n"); do
        connect $ns_prefix-n$i $subnet.$((10 + i))
        lines+=("NodeName=n$i NodeAddr=$subnet.$((10 + i)) CPUs=8 State=UNKNOWN")
        grep -q "^$subnet.$((10 + i)) n$i " /etc/hosts || echo "$subnet.$((10 + i)) n$i $hosts_tag" >> /etc/hosts
        mkdir -p "$dir/spool/n$i" "$dir/tmp/n$i"
    done
    echo "$n" > "$nodes_file"
    # Each node sees its own spool and TmpFS at the same path (the PMIx plugin needs a
    # TmpFS per node), through bind mounts in its own mount namespace.
    write_config $subnet.1 "${lines[@]}" "SlurmdSpoolDir=$dir/nodespool" "TmpFS=$dir/nodetmp"
    start_munge
    in_ctl slurmctld -f "$conf" || die "slurmctld did not start; see $dir/slurmctld.log"
    for i in $(seq 1 "$n"); do
        # nsenter, not `ip netns exec`: the latter remounts /sys and slurmd then exits.
        nsenter --net=/run/netns/$ns_prefix-n$i unshare --uts --mount --propagation private sh -c \
            "hostname n$i && mount --bind '$dir/spool/n$i' '$dir/nodespool' &&
             mount --bind '$dir/tmp/n$i' '$dir/nodetmp' && exec slurmd -f '$conf' -N n$i" ||
            die "slurmd of n$i did not start; see $dir/slurmd-n$i.log"
    done
    wait_ready "$n"
}

stop_all() {
    # Cancel jobs first: killing slurmstepd alone would leave their tasks running as orphans.
    if [ -f "$dir/slurmctld.pid" ] && in_ctl timeout 5 squeue -h >/dev/null 2>&1; then
        in_ctl timeout 5 scancel --full --quiet --user=root 2>/dev/null || true
        for _ in $(seq 1 30); do
            [ -z "$(in_ctl timeout 5 squeue -h 2>/dev/null)" ] && break
            sleep 0.1
        done
    fi
    for pidfile in "$dir"/slurmd*.pid "$dir"/slurmctld.pid; do
        [ -f "$pidfile" ] && kill "$(cat "$pidfile")" 2>/dev/null || true
    done
    pkill -f "slurm(ctld|d) -f $conf" 2>/dev/null || true
    sleep 0.3
    pkill -9 -f "slurm(ctld|d) -f $conf" 2>/dev/null || true
    pkill -9 -x slurmstepd 2>/dev/null || true   # a leftover step can hold the ports
    rm -f "$dir"/slurmd*.pid "$dir/slurmctld.pid"
    for ns in $(ip netns list 2>/dev/null | awk '{print $1}' | grep "^$ns_prefix-" || true); do
        ip netns del "$ns" 2>/dev/null || true
    done
    sed -i "/$hosts_tag/d" /etc/hosts
    rm -f "$nodes_file"
}

case "${1:-}" in
up)
    command -v slurmctld >/dev/null || die "Slurm is not installed; run scripts/setup.sh first"
    nodes=1
    if [ "${2:-}" = "--nodes" ]; then nodes=${3:?--nodes needs a number}; fi
    stop_all
    # Job ids restart at 1 with fresh state, so sockets a previous run left in the spools collide.
    rm -rf "$dir/state" "$dir/spool" "$dir/tmp" "$dir/nodespool" "$dir/nodetmp"
    if [ "$nodes" -le 1 ]; then up_single; else up_nodes "$nodes"; fi
    ;;
exec)
    shift
    in_ctl "$@"
    ;;
down)
    stop_all
    echo "local-cluster: stopped"
    ;;
status)
    in_ctl sinfo
    ;;
link)
    # The node's port on the bridge: its processes keep running, nothing reaches them.
    [ -f "$nodes_file" ] || die "link: only simulated nodes (up --nodes N) have links to cut"
    node=${2:?link needs a node (n1, n2, ...)} state=${3:?link needs down or up}
    [[ $state =~ ^(down|up)$ ]] || die "link: down or up, not '$state'"
    ip -n $ns_prefix-br link set "pv$node" "$state" || die "link: no simulated node '$node'"
    ;;
*)
    echo "usage: $0 up [--nodes N] | exec CMD... | down | status | link NODE down|up" >&2
    exit 2
    ;;
esac
