import { emailStream } from '../accounts/streams';
import { loadUser } from '../accounts/accounts.handlers';
import type { EventStore } from '../ports';

/** The account of an address, from the log (the address's claim stream), not a read model. */
export async function accountOfEmail(
  eventStore: EventStore,
  rawEmail: string,
): Promise<{ userId: string; email: string } | null> {
  const email = rawEmail.trim().toLowerCase();
  const [claim] = await eventStore.readStream(emailStream(email));
  const userId = (claim?.data as { userId?: unknown } | undefined)?.userId;
  if (typeof userId !== 'string') return null;
  const state = await loadUser(eventStore, userId);
  return state.status === 'active' ? { userId, email } : null;
}
