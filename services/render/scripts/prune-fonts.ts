/**
 * Deletes the font files no face uses from the installed @expo-google-fonts packages (each ships
 * up to nine weights and preview images; the engine uses one to four weights per face). Run by the
 * Dockerfile in the same layer as `npm ci`, so the image keeps only the weights used.
 *
 *   npx tsx services/render/scripts/prune-fonts.ts [--dry-run]
 */
import { readdirSync, rmSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { FACES, facePath, type FaceId, type Weight } from '../src/fonts';

const dryRun = process.argv.includes('--dry-run');
const keep = new Set<string>();
const packages = new Set<string>();
for (const id of Object.keys(FACES) as FaceId[]) {
  for (const w of Object.keys(FACES[id].files).map(Number) as Weight[]) {
    const file = facePath(id, w);
    keep.add(file);
    packages.add(dirname(dirname(file)));
  }
}

const walk = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]));
let kept = 0;
let removed = 0;
for (const pkg of packages) {
  for (const file of walk(pkg)) {
    if (!/\.(ttf|otf|png)$/i.test(file) || keep.has(file)) {
      if (/\.(ttf|otf)$/i.test(file)) kept += statSync(file).size;
      continue;
    }
    removed += statSync(file).size;
    if (!dryRun) rmSync(file);
    else if (process.env.VERBOSE) console.log(`would remove ${relative(process.cwd(), file)}`);
  }
}
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
console.log(`${dryRun ? 'would remove' : 'removed'} ${mb(removed)} of unused font weights and previews; ${mb(kept)} of fonts kept`);
