/** Spec fixtures: a TableRendered as the usage stream records it. */
export function rendered(n: number, projectId: string | null, renderedAt = '2026-01-02T10:00:00.000Z', format = 'png') {
  return {
    type: 'TableRendered',
    streamId: 'usage-u1-0',
    data: {
      imageId: `i${n}`,
      userId: 'u1',
      projectId,
      period: 0,
      filename: `t-${n}.png`,
      blobKey: `images/t-${n}.png`,
      format,
      contentType: 'image/png',
      width: 100,
      height: 50,
      size: 1000,
      rows: 2,
      columns: 2,
      title: `T${n}`,
      source: 'api_key',
      plan: 'free',
      idempotencyKey: null,
      requestHash: 'h',
      renderedAt,
    },
  };
}
