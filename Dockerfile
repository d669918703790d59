# Jsonable service image: the API, the projector or both (ROLE), run from TypeScript through tsx.
FROM node:20-bookworm-slim

WORKDIR /app

# Dependencies first, so a code change does not reinstall them. better-sqlite3 and
# @napi-rs/canvas ship prebuilt binaries for linux-x64/arm64 glibc.
COPY package.json package-lock.json ./
COPY contracts/package.json contracts/
COPY read-models/package.json read-models/
COPY services/domain/package.json services/domain/
COPY services/adapters/package.json services/adapters/
COPY services/render/package.json services/render/
COPY services/projector/package.json services/projector/
COPY services/api/package.json services/api/
COPY web/package.json web/
# The font packages ship up to nine weights each: keep only the files the engine's faces use, in
# the same layer as the install so the image does not carry the rest.
COPY services/render/src/fonts.ts services/render/src/
COPY services/render/scripts/prune-fonts.ts services/render/scripts/
RUN npm ci --no-audit --no-fund && npx tsx services/render/scripts/prune-fonts.ts

COPY . .
RUN npm run build:web

ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data
VOLUME ["/data"]
EXPOSE 3000

# Node is PID 1 and handles SIGTERM itself (graceful shutdown in main.ts).
CMD ["node", "--import", "tsx", "services/api/src/main.ts"]
