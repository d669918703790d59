/**
 * `npm run cli -- backup <dir>`: a consistent online copy of the embedded stores (events, read
 * models, image files) while the server runs. `npm run cli -- restore <dir>`: puts a backup in
 * place of DATA_DIR, refused while a server uses it. EventStoreDB and MongoDB are backed up with
 * their own tools (docs/operations.md).
 */
import { backupDataDir, BackupError, restoreDataDir } from '@jsonable/adapters';
import type { CliBasics, FileCommand } from './commands';

function embeddedOnly(ctx: CliBasics, what: string): string | null {
  const servers = [ctx.config.eventStoreUrl && 'EVENTSTORE_URL', ctx.config.mongoUrl && 'MONGO_URL'].filter(Boolean);
  if (servers.length === 0) return null;
  return `${what} covers the embedded default only; ${servers.join(' and ')} ${servers.length > 1 ? 'are' : 'is'} set: back those servers up with their own tools (docs/operations.md).`;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export const backupCommand: FileCommand = {
  name: 'backup',
  usage:
    'backup <dir>                 consistent online copy of DATA_DIR (events, read models, image files) into a new or empty folder; safe while the server runs',
  options: {},
  positionals: { min: 1, max: 1 },
  opensStores: false,
  async run({ positionals }, ctx) {
    const refused = embeddedOnly(ctx, 'backup');
    if (refused) {
      ctx.out(refused);
      return 2;
    }
    const started = Date.now();
    try {
      const m = await backupDataDir(ctx.config.dataDir, positionals[0]!);
      ctx.out(
        `Backed up ${ctx.config.dataDir} to ${positionals[0]} in ${((Date.now() - started) / 1000).toFixed(1)} s:`,
      );
      ctx.out(`  events       ${m.events} events up to position ${m.eventsHead} (${mb(m.eventsBytes)})`);
      ctx.out(`  read models  ${mb(m.readModelsBytes)}`);
      ctx.out(`  image files  ${m.blobs.files} files (${mb(m.blobs.bytes)})`);
      return 0;
    } catch (error) {
      if (error instanceof BackupError) {
        ctx.out(`backup: ${error.message}`);
        return 1;
      }
      throw error;
    }
  },
};

export const restoreCommand: FileCommand = {
  name: 'restore',
  usage:
    'restore <dir>                put a backup in place of DATA_DIR (refused while a server uses it; existing data is moved aside, not deleted)',
  options: {},
  positionals: { min: 1, max: 1 },
  opensStores: false,
  async run({ positionals }, ctx) {
    const refused = embeddedOnly(ctx, 'restore');
    if (refused) {
      ctx.out(refused);
      return 2;
    }
    try {
      const { manifest, previous } = await restoreDataDir(positionals[0]!, ctx.config.dataDir);
      ctx.out(
        `Restored the backup of ${manifest.createdAt} into ${ctx.config.dataDir}: ${manifest.events} events, ${manifest.blobs.files} image files.`,
      );
      if (previous) ctx.out(`The folder's previous content is kept at ${previous}.`);
      ctx.out(
        'Start the server: the projector catches the read models up with the events. Check with: npm run cli -- replay --verify',
      );
      return 0;
    } catch (error) {
      if (error instanceof BackupError) {
        ctx.out(`restore: ${error.message}`);
        return 1;
      }
      throw error;
    }
  },
};
