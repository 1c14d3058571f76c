# syntax=docker/dockerfile:1
# Build stage: every dependency, then the client and SSR bundles.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev

# Runtime stage: production dependencies, the build, the server sources (Node 24 runs .ts directly) and data.
FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000
WORKDIR /app
# Files stay owned by root: the server process can read its code and data but not change them.
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/server ./server
COPY --from=build /app/shared ./shared
COPY --from=build /app/data ./data
# Submissions (SQLite) live in a volume the server may write to; everything else stays read-only.
RUN mkdir -p /app/var && chown node:node /app/var
VOLUME ["/app/var"]
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=3s --start-period=10s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM goes straight to node (exec form, no shell), which drains requests and exits 0.
CMD ["node", "server/index.ts"]
