import type { ParameterizedContext } from 'koa';
import { PayloadTooLargeError } from '@jsonable/domain/errors';
import { bodyLimitMessage } from '../../middleware/body';

/** The request body exactly as received, up to `limitBytes` (the same limit as every other body). */
export async function readRawBody(ctx: ParameterizedContext, limitBytes: number): Promise<Buffer> {
  const declared = Number(ctx.get('Content-Length'));
  if (Number.isFinite(declared) && declared > limitBytes) throw new PayloadTooLargeError(bodyLimitMessage(limitBytes));
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
    size += buffer.length;
    if (size > limitBytes) {
      ctx.req.destroy();
      throw new PayloadTooLargeError(bodyLimitMessage(limitBytes));
    }
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}
