import { isDeepStrictEqual } from 'node:util';
import { hostname } from 'node:os';
import {
  checkpointName,
  ensureRegistry,
  Lease,
  physicalCollection,
  readRegistry,
  rebuildInto,
  REGISTRY_COLLECTION,
  writeRegistry,
  type RegistryDoc,
} from '@jsonable/projector';
import type { Doc } from '@jsonable/read-models/ports';
import type { Projection } from '@jsonable/read-models/projection';
import type { CliCommand, CliContext } from './commands';

const SHOWN_PER_COLLECTION = 10;
const verifyName = (logical: string) => `${logical}__verify`;

interface Difference {
  collection: string;
  id: string;
  what: string;
}

function describe(live: Doc | undefined, rebuilt: Doc | undefined): string {
  if (!live) return 'missing from the live read model';
  if (!rebuilt) return 'in the live read model but not in the rebuild';
  const fields = [...new Set([...Object.keys(live), ...Object.keys(rebuilt)])].filter(
    (k) => !isDeepStrictEqual(live[k], rebuilt[k]),
  );
  const shown = fields
    .slice(0, 3)
    .map((k) => `${k}: live ${JSON.stringify(live[k]) ?? 'absent'}, rebuilt ${JSON.stringify(rebuilt[k]) ?? 'absent'}`);
  return shown.join('; ') + (fields.length > 3 ? ` (+${fields.length - 3} more fields)` : '');
}

async function compare(
  ctx: CliContext,
  projection: Projection,
  version: number,
): Promise<{ documents: number; differences: Difference[] }> {
  const differences: Difference[] = [];
  let documents = 0;
  for (const spec of projection.collections) {
    const sort: Array<[string, 1]> = [['id', 1]];
    const live = await ctx.docs.find(physicalCollection(spec.name, version), {}, { sort });
    const rebuilt = await ctx.docs.find(verifyName(spec.name), {}, { sort });
    documents += rebuilt.length;
    const liveById = new Map(live.map((d) => [d.id, d]));
    const rebuiltById = new Map(rebuilt.map((d) => [d.id, d]));
    for (const id of [...new Set([...liveById.keys(), ...rebuiltById.keys()])].sort()) {
      const a = liveById.get(id);
      const b = rebuiltById.get(id);
      if (!a || !b || !isDeepStrictEqual(a, b)) differences.push({ collection: spec.name, id, what: describe(a, b) });
    }
  }
  return { documents, differences };
}

/**
 * Rebuilds every read model from zero into throw-away collections, up to the live checkpoint,
 * and compares them document by document with the live ones. A projector running meanwhile
 * moves the checkpoint on; the comparison is then repeated at the new checkpoint.
 */
async function verify(ctx: CliContext): Promise<number> {
  const head = await ctx.eventStore.headPosition();
  await ctx.docs.ensureCollection({ name: REGISTRY_COLLECTION, indexes: [] });
  const registry = new Map((await ctx.docs.find<RegistryDoc>(REGISTRY_COLLECTION)).map((d) => [d.id, d]));
  ctx.out(`replay --verify: ${head} events in the log, ${ctx.projections.length} projections`);
  let failed = 0;
  for (const projection of ctx.projections) {
    const entry = registry.get(projection.name);
    const label = `${projection.name}@v${projection.version}`.padEnd(28);
    if (entry && entry.active !== projection.version) {
      ctx.out(`  ${label} skipped: reads are served by v${entry.active} while v${projection.version} is being built`);
      continue;
    }
    let result: { documents: number; differences: Difference[] } | null = null;
    let at = 0;
    try {
      for (let attempt = 0; attempt < 3; attempt++) {
        at = (await ctx.docs.getCheckpoint(checkpointName(projection.name, projection.version))) ?? 0;
        await rebuildInto({
          eventStore: ctx.eventStore,
          docs: ctx.docs,
          projections: [projection],
          physical: (_p, logical) => verifyName(logical),
          upTo: () => at,
        });
        result = await compare(ctx, projection, projection.version);
        const now = (await ctx.docs.getCheckpoint(checkpointName(projection.name, projection.version))) ?? 0;
        if (result.differences.length === 0 || now === at) break;
      }
    } finally {
      // The throw-away collections go also when the rebuild failed (a full disk needs the room back).
      for (const spec of projection.collections)
        await ctx.docs.dropCollection(verifyName(spec.name)).catch(() => undefined);
    }
    if (!result) continue;
    const behind = at < head ? ` (live checkpoint ${at} of ${head})` : '';
    if (result.differences.length === 0) {
      ctx.out(`  ${label} ok: ${result.documents} documents identical${behind}`);
      continue;
    }
    failed += result.differences.length;
    ctx.out(`  ${label} DIFFERENT: ${result.differences.length} documents${behind}`);
    const byCollection = new Map<string, Difference[]>();
    for (const d of result.differences) byCollection.set(d.collection, [...(byCollection.get(d.collection) ?? []), d]);
    for (const [collection, list] of byCollection) {
      for (const d of list.slice(0, SHOWN_PER_COLLECTION)) ctx.out(`      ${collection}/${d.id}: ${d.what}`);
      if (list.length > SHOWN_PER_COLLECTION)
        ctx.out(`      … and ${list.length - SHOWN_PER_COLLECTION} more in ${collection}`);
    }
  }
  ctx.out(
    failed === 0
      ? 'Every read model equals a rebuild from the event log.'
      : `Verification failed: ${failed} documents differ from a rebuild.`,
  );
  return failed === 0 ? 0 : 1;
}

/**
 * Offline repair: rebuilds the chosen read models (default: all) from zero in place. It takes the
 * projector's lease for the duration, so it refuses to run while a projector is running, and a
 * projector started meanwhile waits. Reads see partial read models until it finishes; to
 * rebuild while serving reads, bump the projection's version instead.
 */
async function rebuild(ctx: CliContext, names: string[]): Promise<number> {
  const unknown = names.filter((n) => !ctx.projections.some((p) => p.name === n));
  if (unknown.length > 0) {
    ctx.out(`Unknown projection: ${unknown.join(', ')}. Known: ${ctx.projections.map((p) => p.name).join(', ')}`);
    return 2;
  }
  const chosen = names.length > 0 ? ctx.projections.filter((p) => names.includes(p.name)) : [...ctx.projections];
  const lease = new Lease(ctx.docs, `cli-${hostname()}-${process.pid}`, 60_000);
  if (!(await lease.tryAcquire())) {
    ctx.out(
      'A projector is running (it holds the lease). Stop it first, or bump the projection version to rebuild while it serves reads.',
    );
    return 2;
  }
  const renew = setInterval(() => void lease.renew().catch(() => undefined), 10_000);
  try {
    const head = await ctx.eventStore.headPosition();
    ctx.out(`replay --rebuild: ${head} events, ${chosen.length} projections`);
    const instances = await rebuildInto({
      eventStore: ctx.eventStore,
      docs: ctx.docs,
      projections: chosen,
      upTo: () => head,
    });
    await ensureRegistry(ctx.docs);
    const registry = await readRegistry(ctx.docs);
    for (const instance of instances) {
      const current = registry.get(instance.name) ?? null;
      const retired = [...(current?.retired ?? [])];
      if (current && current.active !== instance.version)
        retired.push({ version: current.active, collections: current.collections });
      const written = await writeRegistry(ctx.docs, current, {
        id: instance.name,
        active: instance.version,
        collections: instance.projection.collections.map((c) => c.name),
        rebuilding: null,
        retired,
      });
      if (!written) throw new Error(`The registry entry of ${instance.name} changed during the rebuild`);
      let documents = 0;
      for (const spec of instance.projection.collections)
        documents += await ctx.docs.count(instance.physical(spec.name));
      ctx.out(
        `  ${`${instance.name}@v${instance.version}`.padEnd(28)} rebuilt: ${documents} documents up to position ${instance.position}`,
      );
    }
    return 0;
  } finally {
    clearInterval(renew);
    await lease.release();
  }
}

export const replayCommand: CliCommand = {
  name: 'replay',
  usage: [
    'replay --verify              rebuild every read model from zero into temporary collections and report documents that differ from the live ones (exit 1 on a difference)',
    '  replay --rebuild [name …]    offline repair: rebuild the named read models (default all) in place; refuses while a projector runs',
  ].join('\n'),
  options: { verify: { type: 'boolean' }, rebuild: { type: 'boolean' } },
  positionals: { min: 0, max: Infinity },
  async run({ values, positionals }, ctx) {
    if (values.verify && !values.rebuild && positionals.length === 0) return verify(ctx);
    if (values.rebuild && !values.verify) return rebuild(ctx, positionals);
    ctx.out(`usage: ${this.usage}`);
    return 2;
  },
};
