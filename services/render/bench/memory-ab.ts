/**
 * `node --import tsx services/render/bench/memory-ab.ts` (issue #21 item 3): the RSS of a process
 * whose render pool (2 workers, no time limit, so that a loaded machine cannot turn the heaviest
 * renders into 503s) renders the heaviest tables within the limits, two at a time, twice: with
 * glibc's malloc defaults, and with the settings `npm start` gives the server
 * (scripts/malloc-env.mjs). Each variant runs in a fresh child process; MEMORY_AB_ROUNDS (1)
 * alternates them that many times. Prints RSS before, the most while rendering (sampled every
 * 100 ms), VmHWM, and 10 s after.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { createCanvas } from '@napi-rs/canvas';
import { MALLOC_ENV } from '../../../scripts/malloc-env.mjs';
import { createRenderPool } from '../src/pool';
import { bombTable, bombUri } from '../test/support/image-bomb';
import { fromPayload } from '../test/support/payload';

const mb = (field: 'VmRSS' | 'VmHWM') =>
  Math.round(Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync('/proc/self/status', 'utf8'))?.[1]) / 1024);

async function child(): Promise<void> {
  // A 4000 × 4000 JPEG drawn at 200 × 200: the path still decoded by Skia at full size.
  const c = createCanvas(4000, 4000);
  const ctx = c.getContext('2d');
  ctx.fillStyle = '#3a7';
  ctx.fillRect(0, 0, 4000, 4000);
  const jpeg = `data:image/jpeg;base64,${(await c.encode('jpeg', 80)).toString('base64')}`;
  const tables = {
    bigPng: {
      headers: Array.from({ length: 26 }, (_, i) => `Column ${i + 1}`),
      rows: Array.from({ length: 400 }, (_, r) => Array.from({ length: 26 }, (_, k) => `r${r}c${k}`)),
      options: { format: 'png' },
    },
    bigImages: {
      headers: ['Image'],
      rows: [0, 1].map((i) => [
        { type: 'image', value: bombUri(4000, 4000, 1000 + i), format: { width: 4000, height: 4000 } },
      ]),
      options: { format: 'png' },
    },
    bombs: bombTable(200),
    jpegs: {
      headers: ['Image'],
      rows: [0, 1].map(() => [{ type: 'image', value: jpeg, format: { width: 200, height: 200 } }]),
      options: { format: 'png' },
    },
    pdf: {
      headers: Array.from({ length: 20 }, (_, i) => `c${i}`),
      rows: Array.from({ length: 500 }, (_, r) => Array.from({ length: 20 }, (_, k) => `r${r}c${k}`)),
      options: { format: 'pdf' },
    },
  };
  const pool = createRenderPool({ size: 2, timeoutMs: 600_000, maxWaitMs: 600_000 });
  await pool.ready();
  const before = mb('VmRSS');
  let most = 0;
  const sampler = setInterval(() => (most = Math.max(most, mb('VmRSS'))), 100);
  const failed: string[] = [];
  for (let round = 0; round < 2; round++) {
    for (const [name, payload] of Object.entries(tables)) {
      await Promise.all(
        [0, 1].map(() =>
          pool.render(fromPayload({ payload })).catch((e: unknown) => failed.push(`${name}: ${String(e)}`)),
        ),
      );
    }
  }
  const peak = mb('VmHWM');
  await new Promise((r) => setTimeout(r, 10_000));
  clearInterval(sampler);
  const after = mb('VmRSS');
  await pool.close();
  process.stdout.write(JSON.stringify({ before, most, peak, after, failed }));
}

if (process.env.MEMORY_AB_CHILD) {
  await child();
} else {
  const rounds = Number(process.env.MEMORY_AB_ROUNDS ?? 1);
  const variants = { "glibc's defaults": {}, 'scripts/malloc-env.mjs': MALLOC_ENV };
  console.log(
    '| malloc | RSS before | most while rendering | VmHWM | 10 s after | failed | load average |\n|---|---|---|---|---|---|---|',
  );
  for (let i = 0; i < rounds; i++) {
    for (const [name, env] of Object.entries(variants)) {
      const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('MALLOC_')));
      const run = spawnSync(process.execPath, ['--import', 'tsx', new URL(import.meta.url).pathname], {
        env: { ...clean, ...env, MEMORY_AB_CHILD: '1' },
        encoding: 'utf8',
        maxBuffer: 1 << 20,
      });
      const r = JSON.parse(run.stdout) as {
        before: number;
        most: number;
        peak: number;
        after: number;
        failed: string[];
      };
      console.log(
        `| ${name} | ${r.before} MB | ${r.most} MB | ${r.peak} MB | ${r.after} MB | ${r.failed.length} | ${loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')} |`,
      );
      if (r.failed.length) console.log(r.failed.slice(0, 4));
    }
  }
}
