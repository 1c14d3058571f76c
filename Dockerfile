# syntax=docker/dockerfile:1
# Build stage: every dependency, then the client and SSR bundles, then only the production dependencies.
FROM node:24-trixie-slim AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
# No install script runs, so no toolchain is needed, whatever npm this image ships: better-sqlite3 loads the
# binary it bundles (its script would compile it with Python, make and a C++ compiler), and the `node`
# devDependency's script only fetches the Node 24 this image already has.
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --ignore-scripts --no-audit --no-fund

# Runtime stage: production dependencies, the build, the server's sources (Node 24 runs .ts directly), the data
# and the operators' tools in server/cli (`docker exec <container> npm run --silent submissions -- list`).
FROM node:24-trixie-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000
# PostgreSQL's client tools, so `npm run db -- backup` (pg_dump, pg_restore) works inside the container when
# DATABASE_URL is set. pg_dump refuses a server newer than itself: Debian trixie's client is 17, the major of
# compose.yaml's postgres image (tests/project/docker.test.ts keeps the two together).
RUN apt-get update \
 && apt-get install -y --no-install-recommends postgresql-client \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
# Files stay owned by root: the server process can read its code and data but not change them.
COPY --from=build /app/package.json /app/package-lock.json /app/.npmrc ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/server ./server
COPY --from=build /app/shared ./shared
COPY --from=build /app/data ./data
# Submissions (SQLite) live in a volume the server may write to; everything else stays read-only. A named
# volume starts as a copy of this folder, owner included; a bind-mounted host folder must be writable by uid
# 1000 (the server says so, with the folder's owner, if it is not).
RUN mkdir -p /app/var && chown node:node /app/var
VOLUME ["/app/var"]
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=3s --start-period=10s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM goes straight to node (exec form, no shell), which drains requests and exits 0, or cuts what is left
# after its 10 s deadline. Docker's own stop timeout is also 10 s, after which it sends SIGKILL: run the
# container with a longer one (docker run --stop-timeout 15, Compose stop_grace_period: 15s) so the server's
# deadline, not SIGKILL, ends a slow shutdown.
STOPSIGNAL SIGTERM
# The heap is bounded (docs/performance.md, "Memory"): the live heap is about 40 MB, but unbounded, Node 24's
# V8 grows the young generation to 128 MB and lets old garbage pile up under load before it collects.
# glibc gives each thread that allocates its own arena (up to 8 per core), each keeping what was freed in it,
# and raises its threshold for mmap each time a large block is freed, so later large blocks (compression's
# encoders, a desk page's buffers) come from the arena and stay resident once freed. One arena, blocks of
# 32 kB and more mapped on their own (given back the moment they are freed) and the arena's top trimmed past
# 32 kB: about 25 MB less resident under the desk's load (docs/performance.md). The same settings as
# `npm run serve`, which the benchmarks read (a test holds them equal).
ENV MALLOC_ARENA_MAX=1 MALLOC_MMAP_THRESHOLD_=32768 MALLOC_TRIM_THRESHOLD_=32768
CMD ["node", "--max-old-space-size=128", "--max-semi-space-size=8", "server/index.ts"]
