/**
 * Admin CLI: `npm run cli -- <command> [args]` (`npm run cli -- help` lists the commands).
 * It opens the same stores the server uses (DATA_DIR or the server URLs) — safe beside a running
 * server: SQLite is opened in WAL mode, and the servers are shared anyway.
 */
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { isFault, type FaultKind } from '@jsonable/domain/faults';
import { ActiveReadModels, RegistryCache } from '@jsonable/projector';
import { commands, type AnyCommand, type CliArgs } from './cli/commands';
import { ConfigError, loadConfig, type Env } from './config';
import { createLogger } from './logger';
import type { ApiModule } from './module';
import { modules as registeredModules } from './modules/index';
import { allProjections } from './read-models';
import { openStores, systemPorts } from './server';

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
  const logger = createLogger({
    level: config.logLevel === 'debug' || config.logLevel === 'info' ? 'warn' : config.logLevel,
    write: (line) => err(line),
  });
  if (command.opensStores === false) {
    try {
      return await command.run(parsed, { config, logger, out });
    } catch (error) {
      err(failureLine(name, error, config.logLevel === 'debug'));
      return exitCodeOf(error);
    }
  }
  const modules = options.modules ?? registeredModules;
  const projections = allProjections(modules);
  let stores: Awaited<ReturnType<typeof openStores>>;
  try {
    stores = await openStores(config);
  } catch (error) {
    err(failureLine(name, error, config.logLevel === 'debug'));
    return exitCodeOf(error);
  }
  try {
    const readModels = new ActiveReadModels(stores.docs, projections, new RegistryCache(stores.docs));
    return await command.run(parsed, {
      config,
      logger,
      ...systemPorts(stores, readModels),
      modules,
      projections,
      out,
    });
  } catch (error) {
    err(failureLine(name, error, config.logLevel === 'debug'));
    return exitCodeOf(error);
  } finally {
    await stores.close().catch(() => undefined);
  }
}

/** EX_TEMPFAIL (sysexits.h): a store or provider failed; the same command may work later. */
export const EXIT_DEPENDENCY_FAULT = 75;

const ADVICE: Record<FaultKind, string> = {
  no_space: 'free some space on that disk (or raise the quota) and run it again',
  busy: 'another process holds the lock (a rebuild, a backup?); run it again in a moment',
  unreachable: 'check that the store is running and reachable (DATA_DIR, EVENTSTORE_URL, MONGO_URL) and run it again',
  timeout: 'the store answered too slowly; run it again',
  provider: "check the provider's status and credentials",
};

/** One line for the operator: what failed and what to do, never a stack trace (unless LOG_LEVEL=debug). */
export function failureLine(command: string, error: unknown, withStack = false): string {
  if (isFault(error)) return `${command} failed: ${error.describe()}: ${ADVICE[error.kind]}.`;
  const code = (error as { code?: unknown } | null)?.code;
  // A file the command itself writes (backup's target folder) on a full disk or quota.
  if (code === 'ENOSPC' || code === 'EDQUOT')
    return `${command} failed: ${(error as Error).message}: ${ADVICE.no_space}.`;
  const message = error instanceof Error ? error.message : String(error);
  const line = `${command} failed: ${message.replace(/\s*\n\s*/g, ' ')}`;
  return withStack && error instanceof Error && error.stack
    ? `${line}\n${error.stack}`
    : `${line} (LOG_LEVEL=debug shows the stack)`;
}

export function exitCodeOf(error: unknown): number {
  const code = (error as { code?: unknown } | null)?.code;
  return (isFault(error) && error.retryable) || code === 'ENOSPC' || code === 'EDQUOT' ? EXIT_DEPENDENCY_FAULT : 1;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  runCli(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`${failureLine(process.argv[2] ?? 'cli', error, process.env.LOG_LEVEL === 'debug')}\n`);
      process.exitCode = exitCodeOf(error);
    },
  );
}
