/** email_index: normalised address → the user id holding its reservation (EmailClaimed). */
import type { EmailClaimed } from '@jsonable/contracts/events';
import type { Projection, ProjectedEvent, ProjectionTx } from '../projection';
import type { Positioned } from './guard';

export const EMAIL_INDEX = 'email_index';

export interface EmailIndexDoc extends Positioned {
  /** The normalised address. */
  id: string;
  userId: string;
}

export const emailIndexProjection: Projection = {
  name: 'email_index',
  version: 1,
  collections: [{ name: EMAIL_INDEX, indexes: ['userId'] }],
  handles: ['EmailClaimed'],
  async handle(event: ProjectedEvent, tx: ProjectionTx): Promise<void> {
    const { email, userId } = (event as unknown as EmailClaimed).data;
    const doc = await tx.get<EmailIndexDoc>(EMAIL_INDEX, email);
    // A reservation stream holds one claim; the first one stays.
    if (doc) return;
    tx.put(EMAIL_INDEX, { id: email, userId, position: event.position });
  },
};
