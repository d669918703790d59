/**
 * The admin CLI's command registry: each context adds its commands here (billing: set-plan,
 * audit). `npm run cli -- <command> [args]`.
 */
import type { BlobStore, Clock, EventStore, Ids } from '@jsonable/domain/ports';
import type { DocumentStore } from '@jsonable/read-models/ports';
import type { Projection, ReadModels } from '@jsonable/read-models/projection';
import type { ServerConfig } from '../config';
import type { Logger } from '../deps';
import type { ApiModule } from '../module';
import { auditCommand } from './audit';
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

export interface CliCommand {
  name: string;
  /** One line: arguments and what the command does. */
  usage: string;
  /** Returns the process exit code. */
  run(args: string[], ctx: CliContext): Promise<number>;
}

export const commands: CliCommand[] = [
  replayCommand,
  setPlanCommand,
  auditCommand,
];
