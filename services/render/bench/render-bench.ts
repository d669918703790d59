/**
 * npm run bench:render — the table engine against headless Chromium, in one run, side by side:
 *
 * 1. PNG of the reference table (20 × 4, 800 px, default styles): engine (renderTable in-process,
 *    warm) vs Chromium (warm page, innerHTML + element screenshot). Target ≥ 20×.
 * 2. SVG from the engine vs Chromium's PNG screenshot. Target ≥ 100×.
 * 3. PNG throughput through createRenderPool on 2 workers. Target ≥ 100/s.
 * 4. PDF of 1,000 rows (≤ 1.5 s) and of 100 rows (linearity: 1,000 ≤ 12 × 100).
 * 5. RSS growth over 10,000 in-process renders (< 50 MB), after a warm-up, with a forced GC.
 * 6. PNG of the reference table with a colour scale, a data bar column and sparklines (issue #24)
 *    vs the plain reference table, interleaved run by run. Target ≤ 1.5×.
 * 7. SVG text (issue #29): the reference table's SVG with embedded subset fonts (default) and with
 *    svgText "paths", interleaved run by run with the engine PNG and a Chromium screenshot; the
 *    embedding's own share (embeddedFonts alone, warm); the first SVG of a process (harfbuzz
 *    loaded, Inter parsed and subset) against the second; sizes with and without the fonts.
 * 8. (BENCH_ONLY=pdf) What a PDF document costs (issue #29): the 1,000-row PDF as rendered (tagged
 *    structure tree, "Page i of n", running title) vs the same pages without them, interleaved.
 *
 * The last line is `render-bench: png <ratio>x svg <ratio>x pool <n>/s formats <ratio>x svg-text <ratio>x`.
 * `npm run bench:render` starts Node with `--initial-heap-size=128`, the heap the render pool gives
 * its workers (RenderPoolOptions.initialHeapMb), so the in-process engine runs as it does in
 * production; the header prints Node's flags, so a run can be told from one on V8's default heap.
 * Environment: BENCH_QUICK=1 shortens every step (for a smoke run, not for recorded figures);
 * BENCH_ONLY=formats runs step 6 alone (no Chromium needed); BENCH_ONLY=svg runs step 7 alone;
 * BENCH_ONLY=pdf runs step 8 alone.
 */
import { availableParallelism, loadavg } from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { performance } from 'node:perf_hooks';
import type { RenderInput, RenderOutput } from '@jsonable/domain/ports';
import { ensureFontsRegistered } from '../src/engine';
import { layoutTable } from '../src/layout/layout';
import { embeddedFonts } from '../src/paint/svg-fonts';
import { renderPdf } from '../src/paint/pdf';
import { createRenderPool } from '../src/pool';
import { openChromiumTable } from './chromium';
import { ownCpuMs, processTreeCpuMs } from './cpu';
import { referencePayload, referenceTableHtml } from './reference-table';
import { median, ms, percentile, timeRuns, yieldToLoop } from './stats';
import { fromPayload, normalizePayload, renderPayload, type PayloadInput } from '../test/support/payload';

const QUICK = process.env.BENCH_QUICK === '1';
const N = {
  engine: QUICK ? 30 : 300,
  chromium: QUICK ? 10 : 60,
  pool: QUICK ? 200 : 2_000,
  pdf1000: QUICK ? 2 : 7,
  pdf100: QUICK ? 5 : 21,
  rss: QUICK ? 1_000 : 10_000,
};

// A forced GC makes the RSS figures about live memory, not about when V8 last collected.
setFlagsFromString('--expose-gc');
const gc = (globalThis.gc ?? runInNewContext('gc')) as () => void;

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const line = (label: string, value: string, note = '') =>
  console.log(`  ${label.padEnd(34)} ${value.padStart(14)}  ${note}`);
const verdict = (ok: boolean) => (ok ? 'ok' : 'MISSED');

const reference = referencePayload(20);
const input = (format: RenderInput['format'], payload: unknown = reference): PayloadInput => ({ payload, format });

async function engine(format: RenderInput['format'], payload?: unknown): Promise<RenderOutput> {
  return renderPayload(input(format, payload));
}

/**
 * The reference table with issue #24's formatting: a colour scale on Salary, a data bar column
 * (change against last year, some negative) and a sparkline column (12 points per row).
 */
function formattedReference(): unknown {
  const plain = referencePayload(20);
  return {
    headers: [...plain.headers, 'Change', 'Trend'],
    rows: plain.rows.map((r, i) => [
      ...r,
      ((i * 37) % 41) - 15,
      {
        type: 'sparkline',
        value: Array.from({ length: 12 }, (_, k) => 40 + ((i * 13 + k * 29) % 50)),
        kind: i % 3 === 0 ? 'bar' : i % 3 === 1 ? 'area' : 'line',
      },
    ]),
    options: plain.options,
    conditionalFormats: [
      { type: 'colorScale', column: 'Salary', colors: ['#f8696b', '#ffeb84', '#63be7b'] },
      { type: 'dataBar', column: 'Change' },
    ],
  };
}

/** Step 6: plain and formatted reference tables as PNG, one of each per round. */
async function formatsStep(): Promise<number> {
  const formatted = formattedReference();
  for (let i = 0; i < 20; i++) {
    await engine('png');
    await engine('png', formatted);
  }
  const plain: number[] = [];
  const rich: number[] = [];
  for (let i = 0; i < N.engine; i++) {
    let t = performance.now();
    await engine('png');
    plain.push(performance.now() - t);
    t = performance.now();
    await engine('png', formatted);
    rich.push(performance.now() - t);
    if (i % 10 === 0) await yieldToLoop();
  }
  const ratio = median(rich) / median(plain);
  console.log(`\nconditional formats (issue #24), PNG, wall median over ${N.engine} interleaved runs each:`);
  line('plain reference table', ms(median(plain)), `p90 ${ms(percentile(plain, 90))}`);
  line('+ colour scale, data bars, sparklines', ms(median(rich)), `p90 ${ms(percentile(rich, 90))}`);
  line('formatted / plain (target ≤ 1.5×)', `${ratio.toFixed(2)}×`, verdict(ratio <= 1.5));
  return ratio;
}

/** Step 7: what embedded fonts and outlines cost the SVG, next to the PNG and Chromium. */
async function svgStep(): Promise<number> {
  const paths = { ...reference, options: { ...reference.options, svgText: 'paths' } };
  await engine('png');
  let t = performance.now();
  const first = await engine('svg');
  const cold = performance.now() - t;
  t = performance.now();
  await engine('svg');
  const second = performance.now() - t;
  const text = Buffer.from(first.bytes).toString('utf8');
  const style = Buffer.byteLength(/<style>[\s\S]*?<\/style>\n/.exec(text)?.[0] ?? '');
  const outlined = await engine('svg', paths);
  // The embedding alone, as renderSvg calls it (warm: the subsets come from the cache).
  const { model } = normalizePayload({ payload: reference, projectStyles: null });
  const layout = layoutTable(model);
  const texts = new Map<400 | 500 | 600 | 700, string[]>();
  for (const lc of layout.cells) texts.set(lc.text.weight, [...(texts.get(lc.text.weight) ?? []), ...lc.lines]);
  const uses = [...texts].map(([weight, t]) => ({ weight, texts: t }));
  const chromium = await openChromiumTable();
  const tableHtml = referenceTableHtml(20);
  const runs = {
    png: [] as number[],
    fonts: [] as number[],
    paths: [] as number[],
    embed: [] as number[],
    chromium: [] as number[],
  };
  const time = async (into: number[], fn: () => unknown) => {
    const t0 = performance.now();
    await fn();
    into.push(performance.now() - t0);
  };
  for (let i = 0; i < 10; i++) {
    await engine('svg', paths);
    await chromium.screenshot(tableHtml);
  }
  for (let i = 0; i < N.chromium; i++) {
    for (let k = 0; k < N.engine / N.chromium; k++) {
      await time(runs.png, () => engine('png'));
      await time(runs.fonts, () => engine('svg'));
      await time(runs.paths, () => engine('svg', paths));
      await time(runs.embed, () => embeddedFonts(layout.face, layout.han, uses));
      await yieldToLoop();
    }
    await time(runs.chromium, () => chromium.screenshot(tableHtml));
  }
  await chromium.close();
  const m = Object.fromEntries(Object.entries(runs).map(([k, v]) => [k, median(v)])) as Record<
    keyof typeof runs,
    number
  >;
  const ratio = m.chromium / m.fonts;
  console.log(`
SVG text (issue #29), reference table, wall median over ${runs.fonts.length} interleaved engine runs each, ${runs.chromium.length} Chromium:`);
  line(
    'SVG, embedded fonts (default)',
    ms(m.fonts),
    `p90 ${ms(percentile(runs.fonts, 90))}, ${first.size} B (fonts ${style} B, without them ${first.size - style} B)`,
  );
  line(
    'SVG, svgText "paths"',
    ms(m.paths),
    `p90 ${ms(percentile(runs.paths, 90))}, ${outlined.size} B; ${(m.paths / m.fonts).toFixed(2)}× the default`,
  );
  line(
    '  of which embeddedFonts (warm)',
    ms(m.embed),
    `${((100 * m.embed) / m.fonts).toFixed(0)} % of the default SVG`,
  );
  line('engine PNG', ms(m.png), `SVG / PNG ${(m.fonts / m.png).toFixed(2)}×`);
  line('Chromium PNG (element screenshot)', ms(m.chromium), '');
  line(
    'SVG speed-up (target ≥ 100×)',
    `${ratio.toFixed(1)}×`,
    `${verdict(ratio >= 100)}; paths ${(m.chromium / m.paths).toFixed(1)}×`,
  );
  line(
    'first SVG of a process',
    ms(cold),
    `second ${ms(second)} (harfbuzz loaded, Inter parsed and subset once per worker)`,
  );
  return ratio;
}

/**
 * Step 8: the reference table at 1,000 rows as a PDF document (tagged, footers, running title)
 * and as bare pages, through the same path (normalise and lay out once, then renderPdf), one of
 * each per round so both see the same machine load.
 */
async function pdfDocumentStep(): Promise<number> {
  const { model } = normalizePayload({ payload: referencePayload(1_000), projectStyles: null });
  const layout = layoutTable(model);
  const images = { bytes: new Map(), contentTypes: new Map(), sizes: new Map(), warnings: [] };
  const documentPdf = () => renderPdf(model, layout, images, 'Table.');
  const barePdf = () => renderPdf(model, layout, images, 'Table.', { tagged: false, furniture: false });
  for (let i = 0; i < 2; i++) {
    await documentPdf();
    await barePdf();
  }
  const rounds = QUICK ? 3 : 11;
  const doc: number[] = [];
  const bare: number[] = [];
  let sizes = { doc: 0, bare: 0 };
  for (let i = 0; i < rounds; i++) {
    let t = performance.now();
    const a = await barePdf();
    bare.push(performance.now() - t);
    t = performance.now();
    const b = await documentPdf();
    doc.push(performance.now() - t);
    sizes = { doc: b.bytes.byteLength, bare: a.bytes.byteLength };
    await yieldToLoop();
  }
  const ratio = median(doc) / median(bare);
  console.log(`
PDF document (issue #29), 1,000 rows × 4 columns, wall median over ${rounds} interleaved runs each:`);
  line('bare pages', ms(median(bare)), `${(sizes.bare / 1024).toFixed(0)} KB`);
  line('tagged, page numbers, running title', ms(median(doc)), `${(sizes.doc / 1024).toFixed(0)} KB`);
  line('document / bare', `${ratio.toFixed(2)}×`);
  return ratio;
}

async function main(): Promise<void> {
  if (process.env.BENCH_ONLY === 'pdf') {
    await ensureFontsRegistered();
    const ratio = await pdfDocumentStep();
    console.log(`\nrender-bench: pdf-document ${ratio.toFixed(2)}x`);
    return;
  }
  if (process.env.BENCH_ONLY === 'svg') {
    await ensureFontsRegistered();
    const ratio = await svgStep();
    console.log(`\nrender-bench: svg-text ${ratio.toFixed(1)}x`);
    return;
  }
  if (process.env.BENCH_ONLY === 'formats') {
    await ensureFontsRegistered();
    const ratio = await formatsStep();
    console.log(`\nrender-bench: formats ${ratio.toFixed(2)}x`);
    return;
  }
  // Wall-clock figures mean little on a machine busy with other work: show how busy it was.
  const load = () =>
    loadavg()
      .map((l) => l.toFixed(1))
      .join(' ');
  console.log(
    `render-bench on ${process.version} ${process.execArgv.filter((a) => a.startsWith('--') && a !== '--import' && !a.includes('tsx')).join(' ') || '(no flags)'}, ${availableParallelism()} cores, load ${load()}, ${QUICK ? 'QUICK run' : 'full run'}\n`,
  );
  await ensureFontsRegistered();

  // 1–2. Engine vs Chromium on the reference table.
  const png = await engine('png');
  const svg = await engine('svg');
  console.log(`reference table: ${png.width}×${png.height} px, PNG ${png.size} B, SVG ${svg.size} B`);
  /** Times the runs and also returns CPU ms per run (`tree`: include child processes). */
  const measure = async (n: number, warm: number, fn: () => Promise<unknown>, tree = false) => {
    for (let i = 0; i < warm; i++) await fn();
    const cpu0 = tree ? processTreeCpuMs() : ownCpuMs();
    const times = await timeRuns(n, 0, fn);
    const cpu = ((tree ? processTreeCpuMs() : ownCpuMs()) - cpu0) / n;
    return { times, cpu };
  };
  const enginePng = await measure(N.engine, 20, () => engine('png'));
  const engineSvg = await measure(N.engine, 20, () => engine('svg'));
  const engineJpeg = await measure(N.engine, 20, () => engine('jpeg'));

  const chromium = await openChromiumTable();
  const tableHtml = referenceTableHtml(20);
  const shot = await chromium.screenshot(tableHtml);
  const chromiumPng = await measure(N.chromium, 5, () => chromium.screenshot(tableHtml), true);
  await chromium.close();

  const pngMedian = median(enginePng.times);
  const svgMedian = median(engineSvg.times);
  const chromiumMedian = median(chromiumPng.times);
  const pngRatio = chromiumMedian / pngMedian;
  const svgRatio = chromiumMedian / svgMedian;
  const detail = (m: { times: number[]; cpu: number }) => `p90 ${ms(percentile(m.times, 90))}, CPU ${ms(m.cpu)}/run`;
  console.log(`\nreference table, wall median over ${N.engine} engine / ${N.chromium} Chromium runs:`);
  line('engine PNG', ms(pngMedian), detail(enginePng));
  line('engine JPEG', ms(median(engineJpeg.times)), detail(engineJpeg));
  line('engine SVG', ms(svgMedian), detail(engineSvg));
  line(
    'Chromium PNG (element screenshot)',
    ms(chromiumMedian),
    `${detail(chromiumPng)} (browser processes included), ${shot.length} B`,
  );
  line(
    'PNG speed-up (target ≥ 20×)',
    `${pngRatio.toFixed(1)}×`,
    `${verdict(pngRatio >= 20)}; by CPU time ${(chromiumPng.cpu / enginePng.cpu).toFixed(1)}×`,
  );
  line(
    'SVG speed-up (target ≥ 100×)',
    `${svgRatio.toFixed(1)}×`,
    `${verdict(svgRatio >= 100)}; by CPU time ${(chromiumPng.cpu / engineSvg.cpu).toFixed(1)}×`,
  );

  // 3. Throughput through the pool: enough renders in flight to keep both workers busy.
  const pool = createRenderPool({ size: 2 });
  await pool.ready();
  for (let i = 0; i < 40; i++) await pool.render(fromPayload(input('png')));
  let started = 0;
  const poolCpu0 = ownCpuMs(); // worker threads belong to this process, so they are counted
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (started < N.pool) {
        started++;
        await pool.render(fromPayload(input('png')));
      }
    }),
  );
  const poolPerSecond = N.pool / ((performance.now() - t0) / 1000);
  const poolCpuSeconds = (ownCpuMs() - poolCpu0) / 1000;
  await pool.close();
  console.log(`\npool (2 workers, 8 in flight, ${N.pool} PNG renders):`);
  line('throughput (target ≥ 100/s)', `${poolPerSecond.toFixed(0)}/s`, verdict(poolPerSecond >= 100));
  line(
    'CPU per render (all threads)',
    ms((poolCpuSeconds * 1000) / N.pool),
    `→ ${((2 * N.pool) / poolCpuSeconds).toFixed(0)}/s on 2 idle cores`,
  );

  // 4. PDF scaling.
  const rows1000 = referencePayload(1_000);
  const rows100 = referencePayload(100);
  const pdf1000 = await engine('pdf', rows1000);
  const pdf100Times = await timeRuns(N.pdf100, 2, () => engine('pdf', rows100));
  const pdf1000Times = await timeRuns(N.pdf1000, 1, () => engine('pdf', rows1000));
  const pdf100 = median(pdf100Times);
  const pdf1k = median(pdf1000Times);
  console.log(`\nPDF (4 columns), median:`);
  line('100 rows', ms(pdf100));
  line('1,000 rows (target ≤ 1.5 s)', ms(pdf1k), `${verdict(pdf1k <= 1500)}, ${(pdf1000.size / 1024).toFixed(0)} KB`);
  line('1,000 / 100 rows (target ≤ 12×)', `${(pdf1k / pdf100).toFixed(1)}×`, verdict(pdf1k <= 12 * pdf100));

  // 5. Memory over many renders, in-process.
  const settle = async () => {
    gc();
    await yieldToLoop();
    gc();
    await yieldToLoop();
  };
  for (let i = 0; i < 500; i++) {
    await engine('png');
    await yieldToLoop();
  }
  await settle();
  const rssBefore = process.memoryUsage().rss;
  for (let i = 0; i < N.rss; i++) {
    await engine(i % 10 === 0 ? 'svg' : 'png');
    await yieldToLoop();
  }
  await settle();
  const rssAfter = process.memoryUsage().rss;
  const growth = rssAfter - rssBefore;
  console.log(`\nmemory over ${N.rss} renders (90% PNG, 10% SVG):`);
  line('RSS after warm-up → end', `${mb(rssBefore)} → ${mb(rssAfter)}`);
  line('growth (target < 50 MB)', mb(growth), verdict(growth < 50 * 1024 * 1024));

  console.log(`\nload average at the end: ${load()}`);
  const formatsRatio = await formatsStep();
  const svgTextRatio = await svgStep();
  console.log(
    `\nrender-bench: png ${pngRatio.toFixed(1)}x svg ${svgRatio.toFixed(1)}x pool ${Math.round(poolPerSecond)}/s formats ${formatsRatio.toFixed(2)}x svg-text ${svgTextRatio.toFixed(1)}x`,
  );
}

await main();
