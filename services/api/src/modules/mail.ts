/**
 * Mail delivery upkeep: the job that sends queued mail (adapters/mail/queue.ts) — messages the
 * provider could not take when they were sent — with backoff per message.
 */
import { QueueingMailer } from '@jsonable/adapters/mail/index';
import type { ApiModule } from '../module';

export const mailModule: ApiModule = {
  name: 'mail',
  jobs: [
    {
      name: 'mail.deliver-queued',
      everyMs: 30_000,
      async run(deps) {
        if (deps.mailer instanceof QueueingMailer) await deps.mailer.deliverDue();
      },
    },
  ],
};
