// Production images: keep only the font files the engine loads (services/api/dist/fonts.json,
// written by the build from services/render/src/fonts.ts) and delete every other file of the
// @expo-google-fonts packages (other weights, italics, previews, the packages' JavaScript).
// Font packages the engine does not use at all are removed whole.
//   node scripts/prune-fonts.mjs [root]     (root: the folder holding node_modules, default .)
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = process.argv[2] ?? '.';
const listFile = join(root, 'services/api/dist/fonts.json');
if (!existsSync(listFile)) {
  process.stderr.write(`${listFile} is missing: run npm run build first\n`);
  process.exit(1);
}
/** @type {{ fonts: string[] }} paths under node_modules, e.g. @expo-google-fonts/inter/400Regular/Inter_400Regular.ttf */
const { fonts } = JSON.parse(readFileSync(listFile, 'utf8'));
const keep = new Map();
for (const path of fonts) {
  const [scope, name, ...rest] = path.split('/');
  const pkg = `${scope}/${name}`;
  if (!keep.has(pkg)) keep.set(pkg, new Set(['package.json']));
  keep.get(pkg).add(rest.join('/'));
}

function walk(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)],
  );
}

let removed = 0;
let kept = 0;
const scope = join(root, 'node_modules/@expo-google-fonts');
for (const name of existsSync(scope) ? readdirSync(scope) : []) {
  const pkg = `@expo-google-fonts/${name}`;
  const dir = join(scope, name);
  const wanted = keep.get(pkg);
  if (!wanted) {
    removed += walk(dir).reduce((n, f) => n + statSync(f).size, 0);
    rmSync(dir, { recursive: true, force: true });
    continue;
  }
  for (const file of walk(dir)) {
    const size = statSync(file).size;
    if (wanted.has(relative(dir, file))) kept += size;
    else {
      rmSync(file);
      removed += size;
    }
  }
}
for (const [pkg, files] of keep) {
  for (const file of files) {
    if (!existsSync(join(root, 'node_modules', pkg, file))) {
      process.stderr.write(`prune-fonts: ${pkg}/${file} is used by the engine but not installed\n`);
      process.exit(1);
    }
  }
}
const mb = (n) => `${(n / 1024 / 1024).toFixed(1)} MB`;
process.stdout.write(`prune-fonts: kept ${mb(kept)} of fonts, removed ${mb(removed)}\n`);
