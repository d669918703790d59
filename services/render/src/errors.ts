/**
 * Refusal of a table payload, raised before any heavy work. `status` is 400 (malformed) or 413
 * (too large) and the message is shown to the user as is.
 */
export class RenderInputError extends Error {
  constructor(
    readonly status: 400 | 413,
    message: string,
  ) {
    super(message);
    this.name = 'RenderInputError';
  }
}

export const badRequest = (message: string) => new RenderInputError(400, message);
export const tooLarge = (message: string) => new RenderInputError(413, message);
