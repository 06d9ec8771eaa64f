#!/usr/bin/env bash
# A one-node Slurm cluster on this host (slurmctld + slurmd + munged), for trying `srun -n 2
# inference-endpoint … --shard auto` and for test/e2e/slurm.test.ts. Debian/Ubuntu, as root.
#
#   scripts/slurm-local.sh install   apt-get install slurm-wlm munge
#   scripts/slurm-local.sh start     write slurm.conf, start the three daemons, wait for the node
#   scripts/slurm-local.sh stop      stop them (slurmd, slurmctld, munged)
#   scripts/slurm-local.sh status    sinfo
#
# It writes /etc/slurm/slurm.conf only when there is none or it wrote the one there: a host
# that already belongs to a real cluster is left alone. Job state is wiped at each start.
set -euo pipefail

MARK="# written by inference-endpoint scripts/slurm-local.sh"
CONF=/etc/slurm/slurm.conf
SPOOL=/var/spool/slurm

die() { echo "slurm-local: $*" >&2; exit 1; }

# Polls `$@` every 0.1 s until it succeeds, for at most $1 tenths of a second.
wait_for() {
  local tenths=$1; shift
  for _ in $(seq "$tenths"); do "$@" >/dev/null 2>&1 && return 0; sleep 0.1; done
  return 1
}

need_root() { [ "$(id -u)" = 0 ] || die "must run as root (it starts system daemons)"; }

install() {
  need_root
  command -v apt-get >/dev/null || die "no apt-get; install Slurm and MUNGE with this system's packages"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq slurm-wlm munge >/dev/null
}

write_conf() {
  if [ -e "$CONF" ] && ! grep -qF "$MARK" "$CONF"; then
    die "$CONF exists and was not written by this script; this host is set up for another cluster"
  fi
  local host cpus overrides=""
  host=$(hostname -s)
  cpus=$(nproc)
  # Two tasks need two CPUs; a one-CPU host may claim two (srun then runs both on it).
  if [ "$cpus" -lt 2 ]; then cpus=2; overrides="SlurmdParameters=config_overrides"; fi
  mkdir -p "$(dirname "$CONF")"
  cat > "$CONF" <<EOF
$MARK
ClusterName=local
SlurmctldHost=$host(127.0.0.1)
SlurmUser=root
AuthType=auth/munge
CredType=cred/munge
MpiDefault=none
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
MailProg=/bin/true
SchedulerParameters=batch_sched_delay=0
StateSaveLocation=$SPOOL/ctld
SlurmdSpoolDir=$SPOOL/d
SlurmctldPidFile=/run/slurm/slurmctld.pid
SlurmdPidFile=/run/slurm/slurmd.pid
SlurmctldLogFile=/var/log/slurm/slurmctld.log
SlurmdLogFile=/var/log/slurm/slurmd.log
$overrides
NodeName=$host NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=1000 State=UNKNOWN
PartitionName=debug Nodes=ALL Default=YES MaxTime=INFINITE State=UP
EOF
}

start_munge() {
  mkdir -p /run/munge /var/log/munge /var/lib/munge
  chown munge:munge /run/munge /var/log/munge /var/lib/munge
  [ -s /etc/munge/munge.key ] || mungekey --create --keyfile=/etc/munge/munge.key
  # munged refuses a key anyone else can read, or one it does not own.
  chown munge:munge /etc/munge/munge.key && chmod 0400 /etc/munge/munge.key
  munge -n >/dev/null 2>&1 || runuser -u munge -- /usr/sbin/munged
  wait_for 50 test -S /run/munge/munge.socket.2 || die "munged did not start (see /var/log/munge/munged.log)"
}

start() {
  need_root
  for cmd in slurmctld slurmd srun munged; do
    command -v "$cmd" >/dev/null || [ -x "/usr/sbin/$cmd" ] || die "$cmd is not installed (scripts/slurm-local.sh install)"
  done
  stop_daemons quiet
  start_munge
  rm -rf "$SPOOL"
  mkdir -p "$SPOOL/ctld" "$SPOOL/d" /var/log/slurm /run/slurm
  write_conf
  slurmctld
  slurmd
  wait_for 100 sh -c 'scontrol ping | grep -q UP' || die "slurmctld did not answer (see /var/log/slurm/slurmctld.log)"
  wait_for 300 sh -c '[ "$(sinfo -h -o %T)" = idle ]' || die "the node did not become idle: $(sinfo -h -o '%T %E' 2>&1) (see /var/log/slurm/slurmd.log)"
  echo "slurm-local: one node up ($(hostname -s), $(sinfo -h -o %c) CPUs, partition debug)"
}

# Stops slurmd, then slurmctld, each until its pidfile is gone (the daemons remove it on exit).
stop_daemons() {
  for daemon in slurmd slurmctld; do
    local pidfile=/run/slurm/$daemon.pid
    if [ -s "$pidfile" ]; then
      kill "$(cat "$pidfile")" 2>/dev/null || true
      wait_for 300 sh -c "[ ! -e $pidfile ]" || { [ "${1:-}" = quiet ] || echo "slurm-local: $daemon did not stop in 30 s" >&2; }
    fi
  done
}

stop() {
  need_root
  stop_daemons
  if [ -s /run/munge/munged.pid ]; then
    kill "$(cat /run/munge/munged.pid)" 2>/dev/null || true
    wait_for 50 sh -c '[ ! -e /run/munge/munged.pid ]' || true
  fi
  echo "slurm-local: stopped"
}

case "${1:-}" in
  install) install ;;
  start) start ;;
  stop) stop ;;
  status) sinfo ;;
  *) echo "usage: scripts/slurm-local.sh install|start|stop|status" >&2; exit 2 ;;
esac
