#!/bin/sh
# Starts the production server (`npm start`, `npm run demo`: server.ts, built into dist/server.cjs) with the memory settings of
# docs/performance.md ("Memory"), replacing this shell so the supervisor holds the server's PID.
#
# - jemalloc instead of glibc's malloc when Debian's libjemalloc2 is installed: glibc's per-thread
#   arenas keep what Node's threads freed, jemalloc gives it back after a couple of seconds.
#   GONGHUI_MALLOC=system keeps glibc's malloc.
# - V8's heap: 256 MB for old objects (the caches size themselves to it), 4 MB semi-spaces for new
#   ones (Node's default is 16 MB, most of it resident between scavenges). NODE_HEAP_FLAGS replaces both.
set -e

if [ "${GONGHUI_MALLOC:-jemalloc}" = jemalloc ]; then
  for lib in /usr/lib/x86_64-linux-gnu/libjemalloc.so.2 /usr/lib/aarch64-linux-gnu/libjemalloc.so.2 /usr/lib64/libjemalloc.so.2 /usr/lib/libjemalloc.so.2; do
    if [ -f "$lib" ]; then
      case ":${LD_PRELOAD:-}:" in *":$lib:"*) ;; *) export LD_PRELOAD="${LD_PRELOAD:+$LD_PRELOAD:}$lib" ;; esac
      # Two arenas, unused pages returned by a background thread within about 2 s.
      export MALLOC_CONF="${MALLOC_CONF:-narenas:2,background_thread:true,dirty_decay_ms:2000,muzzy_decay_ms:0}"
      break
    fi
  done
fi

export NODE_ENV=production
# shellcheck disable=SC2086 # the flags are words on purpose
exec node ${NODE_HEAP_FLAGS:---max-old-space-size=256 --max-semi-space-size=4} dist/server.cjs "$@"
