/** The part of the API's logger the mailers use (kept here so adapters do not import the API). */
export interface MailLogger {
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
}
