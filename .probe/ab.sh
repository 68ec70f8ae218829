#!/bin/bash
# usage: ab.sh "<node flags>" port
FLAGS="$1"; PORT=$2; D=$(mktemp -d)
NODE_ENV=production MALLOC_ARENA_MAX=2 HOST=127.0.0.1 PORT=$PORT SITE_URL=http://127.0.0.1:$PORT LOG_LEVEL=warn DATA_DIR=$D node $FLAGS build/node/main.js > /dev/null 2>&1 &
PID=$!
for i in $(seq 1 60); do curl -sf -o /dev/null http://127.0.0.1:$PORT/healthz && break; sleep 0.5; done
curl -s -o /dev/null http://127.0.0.1:$PORT/; sleep 12
wrk -t1 -c50 -d3s -H 'accept-encoding: br, gzip' http://127.0.0.1:$PORT/ > /dev/null
for i in 1 2 3; do
 c0=$(awk '{print $14+$15}' /proc/$PID/stat); wrk -t1 -c50 -d5s -H 'accept-encoding: br, gzip' http://127.0.0.1:$PORT/ > /tmp/wrk.$PORT; c1=$(awk '{print $14+$15}' /proc/$PID/stat)
 rps=$(grep Requests/sec /tmp/wrk.$PORT | awk '{print $2}')
 echo "$FLAGS | rps $rps cpu_us/req $(python3 -c "print(round(($c1-$c0)/100/($rps*5)*1e6,1))")"
done
kill $PID
