export type CellImageErrorCode =
  | 'invalid-url'
  | 'blocked-address'
  | 'dns'
  | 'redirects'
  | 'timeout'
  | 'too-large'
  | 'http-status'
  | 'network'
  | 'not-image'
  | 'unsupported-format'
  | 'too-many-pixels';

/**
 * A cell image that cannot be had. `message` is short and meant for the user (it goes into the
 * render's warnings); `detail` is for logs only, since it may name the address a host resolved to.
 */
export class CellImageError extends Error {
  override readonly name = 'CellImageError';

  constructor(
    readonly code: CellImageErrorCode,
    message: string,
    readonly detail?: string,
  ) {
    super(message);
  }
}
