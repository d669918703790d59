# syntax=docker/dockerfile:1
# Jsonable service image: the API, the projector or both (ROLE), run as plain JavaScript with node.
# Three stages: build (all dependencies, the server bundle and the web app), deps (production
# dependencies only, fonts pruned to the files the engine loads), and the runtime image.
ARG NODE_IMAGE=node:24-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
# Dependencies first, so a code change does not reinstall them.
COPY package.json package-lock.json ./
COPY contracts/package.json contracts/
COPY read-models/package.json read-models/
COPY services/domain/package.json services/domain/
COPY services/adapters/package.json services/adapters/
COPY services/render/package.json services/render/
COPY services/projector/package.json services/projector/
COPY services/api/package.json services/api/
COPY web/package.json web/
# (This includes the `node` dev dependency, the Node 24 that npm scripts run on where the machine's
# Node is older; here it matches the image's. The runtime stage runs the image's own node.)
RUN npm ci --no-audit --no-fund
COPY . .
# services/api/dist (server, CLI, worker threads, fonts.json) and web/dist.
RUN npm run build

FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/contracts/package.json contracts/
COPY --from=build /app/read-models/package.json read-models/
COPY --from=build /app/services/domain/package.json services/domain/
COPY --from=build /app/services/adapters/package.json services/adapters/
COPY --from=build /app/services/render/package.json services/render/
COPY --from=build /app/services/projector/package.json services/projector/
COPY --from=build /app/services/api/package.json services/api/
COPY --from=build /app/web/package.json web/
# Production dependencies only (the web app's packages are build-time: web/dist is static files).
# better-sqlite3, @napi-rs/canvas and @node-rs/argon2 ship prebuilt Node-API binaries for linux glibc.
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
# Keep only the font files the engine loads (services/api/dist/fonts.json, from the build).
COPY --from=build /app/services/api/dist/fonts.json services/api/dist/fonts.json
COPY --from=build /app/scripts/prune-fonts.mjs scripts/prune-fonts.mjs
RUN node scripts/prune-fonts.mjs .

FROM ${NODE_IMAGE}
# glibc malloc: large freed blocks back to the system, two arenas (scripts/malloc-env.mjs says why).
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data \
    MALLOC_ARENA_MAX=2 \
    MALLOC_MMAP_THRESHOLD_=131072 \
    MALLOC_TRIM_THRESHOLD_=131072
WORKDIR /app
COPY --from=deps /app /app
COPY --from=build /app/services/api/dist services/api/dist
COPY --from=build /app/web/dist web/dist
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# Node is PID 1 and handles SIGTERM itself (graceful shutdown in main.ts).
# The admin CLI: docker compose exec <service> node services/api/dist/cli.js <command>
CMD ["node", "--enable-source-maps", "services/api/dist/main.js"]
