/** email_index: normalised address → the user id holding its reservation (EmailClaimed). */
import { defineProjection, type Positioned } from '../projection';

export const EMAIL_INDEX = 'email_index';

export interface EmailIndexDoc extends Positioned {
  /** The normalised address. */
  id: string;
  userId: string;
}

export const emailIndexProjection = defineProjection({
  name: 'email_index',
  version: 1,
  collections: [{ name: EMAIL_INDEX, indexes: ['userId'] }],
  handles: ['EmailClaimed'],
  async handle(event, tx) {
    const { email, userId } = event.data;
    const doc = await tx.get<EmailIndexDoc>(EMAIL_INDEX, email);
    // A reservation stream holds one claim; the first one stays.
    if (doc) return;
    tx.put(EMAIL_INDEX, { id: email, userId, position: event.position });
  },
});
