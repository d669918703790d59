/** The slice of the API's Logger the projector uses (kept here so the projector needs no API import). */
export interface ProjectorLogger {
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
}

export const silentLogger: ProjectorLogger = { info() {}, warn() {}, error() {} };
