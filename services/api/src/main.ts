/**
 * `npm start`: one process serves the API, the web app and the projector on the embedded default
 * (ROLE=api|projector for scale-out). SIGTERM/SIGINT shut it down gracefully.
 */
import { ConfigError } from './config';
import { startServer } from './server';

async function main(): Promise<void> {
  const server = await startServer();
  let signals = 0;
  const shutdown = (signal: NodeJS.Signals) => {
    signals++;
    if (signals > 1) {
      // A second Ctrl-C means now.
      process.exit(130);
    }
    server.deps.logger.info('signal received', { signal });
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        server.deps.logger.error('shutdown failed', { error });
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(
      `Jsonable failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  process.exit(1);
});
