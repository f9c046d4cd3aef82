#!/bin/sh
# One-shot (rocketmq-init): creates the order topic as a TRANSACTION topic, the type the producer's
# half messages need (docs/design.md, "The broker"); the broker does not auto-create topics
# (broker.conf). Retries while the broker is still registering with the NameServer ($NAMESRV_ADDR).
# mqadmin exits 0 even when a command fails, so success is read from its output.
topic=EVENTUAL_ORDER_EVENT
cluster=DefaultCluster
attempt=1
while [ "$attempt" -le 30 ]; do
    out=$(sh "$ROCKETMQ_HOME/bin/mqadmin" updateTopic -n "$NAMESRV_ADDR" -c "$cluster" -t "$topic" \
        -r 4 -w 4 -a +message.type=TRANSACTION 2>&1)
    if echo "$out" | grep -q "create topic to .* success"; then
        echo "$out"
        exit 0
    fi
    echo "attempt $attempt: topic $topic not created yet, retrying in 2 s"
    attempt=$((attempt + 1))
    sleep 2
done
echo "$out" >&2
exit 1
