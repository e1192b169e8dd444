#!/usr/bin/env bash
# A private single-node Slurm for tests and demos: munge, slurmctld and slurmd with the PMIx
# plugin, configured in a folder of its own (FABSHMEM_CLUSTER_DIR, default
# /tmp/fabshmem-cluster). Every Slurm command here runs with SLURM_CONF set, so no client
# ever looks for a controller on the network.
#   scripts/local-cluster.sh up      start it; prints SLURM_CONF=<path>
#   scripts/local-cluster.sh down    stop it
#   scripts/local-cluster.sh status
set -euo pipefail

dir=${FABSHMEM_CLUSTER_DIR:-/tmp/fabshmem-cluster}
conf=$dir/slurm.conf
export SLURM_CONF=$conf

die() { echo "local-cluster: $*" >&2; exit 1; }

write_config() {
    local host; host=$(hostname -s)
    mkdir -p "$dir/state" "$dir/spool" "$dir/tmp"
    # CPUs=8 with config_overrides: 4-PE tests fit on a 2-core machine (oversubscribed).
    cat > "$conf" <<CONF
ClusterName=fabshmem
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=16817
SlurmdPort=16818
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
TmpFS=$dir/tmp
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/slurmd.log
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
NodeName=$host NodeAddr=127.0.0.1 CPUs=8 State=UNKNOWN
PartitionName=debug Nodes=ALL Default=YES MaxTime=INFINITE State=UP OverSubscribe=YES
CONF
    # A fence without data is not a barrier across nodes under Slurm's default collective.
    echo "PMIxCollFence=ring" > "$dir/mpi.conf"
}

start_munge() {
    [ -f /etc/munge/munge.key ] || { mkdir -p /etc/munge; dd if=/dev/urandom of=/etc/munge/munge.key bs=1024 count=1 status=none;
                                     chown munge:munge /etc/munge/munge.key; chmod 400 /etc/munge/munge.key; }
    mkdir -p /run/munge && chown munge:munge /run/munge
    pgrep -x munged >/dev/null || runuser -u munge -- /usr/sbin/munged
}

stop_daemons() {
    # Cancel jobs first: killing slurmstepd alone would leave their tasks running as orphans.
    if [ -f "$dir/slurmctld.pid" ] && timeout 5 squeue -h >/dev/null 2>&1; then
        timeout 5 scancel --full --quiet --user=root 2>/dev/null || true
        for _ in $(seq 1 30); do
            [ -z "$(timeout 5 squeue -h 2>/dev/null)" ] && break
            sleep 0.1
        done
    fi
    for name in slurmd slurmctld; do
        [ -f "$dir/$name.pid" ] && kill "$(cat "$dir/$name.pid")" 2>/dev/null || true
    done
    pkill -f "slurm(ctld|d) -f $conf" 2>/dev/null || true
    sleep 0.3
    pkill -9 -f "slurm(ctld|d) -f $conf" 2>/dev/null || true
    pkill -9 -x slurmstepd 2>/dev/null || true   # a leftover step can hold the ports
    rm -f "$dir/slurmd.pid" "$dir/slurmctld.pid"
}

case "${1:-}" in
up)
    command -v slurmctld >/dev/null || die "Slurm is not installed; run scripts/setup.sh first"
    stop_daemons
    write_config
    start_munge
    slurmctld -f "$conf" || die "slurmctld did not start; see $dir/slurmctld.log"
    slurmd -f "$conf" || die "slurmd did not start; see $dir/slurmd.log"
    for _ in $(seq 1 300); do
        if timeout 5 srun -n 1 true 2>/dev/null; then
            echo "SLURM_CONF=$conf"
            exit 0
        fi
        sleep 0.1
    done
    die "Slurm did not accept a job within 30 s; see $dir/slurmctld.log and $dir/slurmd.log"
    ;;
down)
    stop_daemons
    echo "local-cluster: stopped"
    ;;
status)
    sinfo || exit 1
    ;;
*)
    echo "usage: $0 up|down|status" >&2
    exit 2
    ;;
esac
