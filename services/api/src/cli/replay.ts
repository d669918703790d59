import { isDeepStrictEqual } from 'node:util';
import { checkpointName, physicalCollection, rebuildInto, REGISTRY_COLLECTION, type RegistryDoc } from '@jsonable/projector';
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
  const fields = [...new Set([...Object.keys(live), ...Object.keys(rebuilt)])].filter((k) => !isDeepStrictEqual(live[k], rebuilt[k]));
  const shown = fields.slice(0, 3).map((k) => `${k}: live ${JSON.stringify(live[k]) ?? 'absent'}, rebuilt ${JSON.stringify(rebuilt[k]) ?? 'absent'}`);
  return shown.join('; ') + (fields.length > 3 ? ` (+${fields.length - 3} more fields)` : '');
}

async function compare(ctx: CliContext, projection: Projection, version: number): Promise<{ documents: number; differences: Difference[] }> {
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
    for (const spec of projection.collections) await ctx.docs.dropCollection(verifyName(spec.name));
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
      if (list.length > SHOWN_PER_COLLECTION) ctx.out(`      … and ${list.length - SHOWN_PER_COLLECTION} more in ${collection}`);
    }
  }
  ctx.out(failed === 0 ? 'Every read model equals a rebuild from the event log.' : `Verification failed: ${failed} documents differ from a rebuild.`);
  return failed === 0 ? 0 : 1;
}

export const replayCommand: CliCommand = {
  name: 'replay',
  usage: 'replay --verify    rebuild every read model from zero into temporary collections and report documents that differ from the live ones (exit 1 on a difference)',
  async run(args, ctx) {
    if (args.includes('--verify')) return verify(ctx);
    ctx.out(`usage: ${this.usage}`);
    return 2;
  },
};
