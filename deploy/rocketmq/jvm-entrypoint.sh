#!/bin/bash
# PID 1 of the RocketMQ NameServer and broker containers (docker-compose.yml, deploy/k8s):
#   bash /eventual/jvm-entrypoint.sh sh mqbroker -n ... -c ...
# The image's start scripts (mqnamesrv, mqbroker) run the JVM as the child of two shells and exec
# nothing, and a shell as PID 1 ignores SIGTERM: every stop waited out the grace period and then
# SIGKILLed the JVM, so a planned broker restart was a crash (store not closed, redeliveries after
# it). This runs the command in a process group of its own, passes SIGTERM and SIGINT on to the JVM
# of that group (its shutdown hook closes the store), and waits until the command has ended. Its exit
# code is the command's: 143 after SIGTERM.
set -m # background jobs get a process group of their own: the JVM's is the command's pid

forward() {
  local stat line fields
  for stat in /proc/[0-9]*/stat; do
    { read -r line < "$stat"; } 2>/dev/null || continue # gone meanwhile
    # after the command name, which may hold spaces: state ppid pgrp ...
    read -r -a fields <<< "${line##*) }"
    if [[ ${fields[2]} == "$started" && $(< "${stat%/stat}/comm") == java ]]; then
      kill -s "$1" "${line%% *}" 2> /dev/null
    fi
  done
}

trap 'forward TERM' TERM
trap 'forward INT' INT
"$@" &
started=$!
# a trapped signal ends wait early (status 128+n): wait again until the command has ended, then
# once more for its own status, which bash keeps for a child it has reaped
while kill -0 "$started" 2> /dev/null; do
  wait "$started"
done
wait "$started"
