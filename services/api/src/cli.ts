/**
 * Admin CLI: `npm run cli -- <command> [args]` (`npm run cli -- help` lists the commands).
 * It opens the same stores the server uses (DATA_DIR or the server URLs) — safe beside a running
 * server: SQLite is opened in WAL mode, and the servers are shared anyway.
 */
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { randomIds, systemClock } from '@jsonable/domain/runtime/system';
import { ActiveReadModels, RegistryCache } from '@jsonable/projector';
import { commands, type AnyCommand, type CliArgs } from './cli/commands';
import { ConfigError, loadConfig, type Env } from './config';
import { createLogger } from './logger';
import type { ApiModule } from './module';
import { modules as registeredModules } from './modules/index';
import { allProjections } from './read-models';
import { openStores } from './server';

export interface RunCliOptions {
  env?: Env;
  modules?: ApiModule[];
  commands?: AnyCommand[];
  out?: (line: string) => void;
  err?: (line: string) => void;
}

function help(list: AnyCommand[], out: (line: string) => void): void {
  out('usage: npm run cli -- <command> [args]');
  out('');
  for (const c of list) out(`  ${c.usage}`);
}

export async function runCli(argv: string[], options: RunCliOptions = {}): Promise<number> {
  const out = options.out ?? ((line: string) => process.stdout.write(`${line}\n`));
  const err = options.err ?? ((line: string) => process.stderr.write(`${line}\n`));
  const list = options.commands ?? commands;
  const [name, ...args] = argv;
  if (!name || name === 'help' || name === '--help' || name === '-h') {
    help(list, out);
    return name ? 0 : 2;
  }
  const command = list.find((c) => c.name === name);
  if (!command) {
    err(`Unknown command '${name}'.`);
    help(list, err);
    return 2;
  }
  let parsed: CliArgs;
  try {
    const { values, positionals } = parseArgs({ args, options: command.options, strict: true, allowPositionals: true });
    parsed = { values, positionals };
    const { min, max } = command.positionals;
    if (positionals.length < min || positionals.length > max) {
      throw new Error(positionals.length < min ? 'Missing argument(s).' : `Unexpected argument '${positionals[max]}'.`);
    }
  } catch (error) {
    // parseArgs names the flag: "Unknown option '--verfy'", "Option '--user <value>' argument missing".
    err(`${name}: ${error instanceof Error ? error.message : String(error)}`);
    err(`usage: npm run cli -- ${command.usage}`);
    return 2;
  }
  let config;
  try {
    config = loadConfig(options.env ?? process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      err(error.message);
      return 2;
    }
    throw error;
  }
  // Operators read the command's own output; only warnings and errors are logged.
  const logger = createLogger({ level: config.logLevel === 'debug' || config.logLevel === 'info' ? 'warn' : config.logLevel, write: (line) => err(line) });
  if (command.opensStores === false) return command.run(parsed, { config, logger, out });
  const modules = options.modules ?? registeredModules;
  const projections = allProjections(modules);
  const stores = await openStores(config);
  try {
    const readModels = new ActiveReadModels(stores.docs, projections, new RegistryCache(stores.docs));
    return await command.run(parsed, {
      config,
      logger,
      eventStore: stores.eventStore,
      docs: stores.docs,
      readModels,
      blobs: stores.blobs,
      clock: systemClock,
      ids: randomIds,
      modules,
      projections,
      out,
    });
  } finally {
    await stores.close();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  runCli(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exitCode = 1;
    },
  );
}
