/**
 * The admin CLI's command registry: each context adds its commands here (billing: set-plan,
 * audit). `npm run cli -- <command> [args]`.
 */
import type { ParseArgsConfig } from 'node:util';
import type { BlobStore, Clock, EventStore, Ids } from '@jsonable/domain/ports';
import type { DocumentStore } from '@jsonable/read-models/ports';
import type { Projection, ReadModels } from '@jsonable/read-models/projection';
import type { ServerConfig } from '../config';
import type { Logger } from '../deps';
import type { ApiModule } from '../module';
import { auditCommand } from './audit';
import { backupCommand, restoreCommand } from './backup';
import { replayCommand } from './replay';
import { setPlanCommand } from './set-plan';

export interface CliContext {
  config: ServerConfig;
  logger: Logger;
  eventStore: EventStore;
  /** Raw document store (operational collections). */
  docs: DocumentStore;
  /** Projection-owned read models, resolved to their active version. */
  readModels: ReadModels;
  blobs: BlobStore;
  clock: Clock;
  ids: Ids;
  modules: readonly ApiModule[];
  projections: readonly Projection[];
  /** Writes one line of output for the operator. */
  out(line: string): void;
}

/** The command line after `node:util` parseArgs (strict): flags by name, then the positionals. */
export interface CliArgs {
  values: Record<string, string | boolean | Array<string | boolean> | undefined>;
  positionals: string[];
}

/** What a command that does not open the stores gets (backup, restore). */
export interface CliBasics {
  config: ServerConfig;
  logger: Logger;
  out(line: string): void;
}

interface CommandBase {
  name: string;
  /** One line: arguments and what the command does. */
  usage: string;
  /** Its flags, for parseArgs (strict: an unknown flag or a missing value is an error). */
  options: NonNullable<ParseArgsConfig['options']>;
  /** How many positional arguments it takes. */
  positionals: { min: number; max: number };
}

/** A command on the opened stores (like the server's). */
export interface CliCommand extends CommandBase {
  opensStores?: true;
  /** Returns the process exit code. */
  run(args: CliArgs, ctx: CliContext): Promise<number>;
}

/** A command that works on the store files itself (they must not be open in this process). */
export interface FileCommand extends CommandBase {
  opensStores: false;
  run(args: CliArgs, ctx: CliBasics): Promise<number>;
}

export type AnyCommand = CliCommand | FileCommand;

export const commands: AnyCommand[] = [backupCommand, restoreCommand, replayCommand, setPlanCommand, auditCommand];
