#!/usr/bin/env bash
# The distributed engines `chimera study` runs on, for tests/ext_cluster.rs: GNU parallel (local
# jobs and --sshlogin), an OpenSSH server the test starts on 127.0.0.1, and a single-node Slurm
# cluster (munge for its authentication, slurmctld and slurmd) the test starts in a temp folder.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
apt_install parallel rsync openssh-server openssh-client slurm-wlm munge
# GNU parallel asks once for a citation notice; a CI run has no terminal to answer it.
mkdir -p "$HOME/.parallel" && touch "$HOME/.parallel/will-cite"
