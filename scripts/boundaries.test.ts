/**
 * The import boundaries of ../shared/ARCHITECTURE.md, as eslint.config.js enforces them: each rule is
 * tried on a line of code placed (virtually) in each workspace, so a config that stops catching a
 * crossing fails here, not only in review.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: new URL('..', import.meta.url).pathname });

async function restricted(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: file });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'web/no-cross-feature-imports')
    .map((m) => m.message);
}

const cases: Array<[file: string, code: string, allowed: boolean]> = [
  // Drivers only inside services/adapters.
  ['services/adapters/src/sqlite/x.ts', "import Database from 'better-sqlite3';", true],
  ['services/domain/src/x.ts', "import Database from 'better-sqlite3';", false],
  ['services/api/src/x.ts', "import { MongoClient } from 'mongodb';", false],
  ['services/api/src/x.ts', "import Stripe from 'stripe';", false],
  ['services/projector/src/x.ts', "import { KurrentDBClient } from '@kurrent/kurrentdb-client';", false],
  ['read-models/src/x.ts', "import { GridFSBucket } from 'mongodb/lib/gridfs';", false],
  // The composition root may wire adapters; a package whose name only contains a driver's is fine.
  ['services/api/src/modules/x.ts', "import { StripeBilling } from '@jsonable/adapters/stripe/stripe-billing';", true],
  // One-way dependencies.
  ['contracts/src/x.ts', "import { z } from 'zod';", true],
  ['contracts/src/x.ts', "import { foldUser } from '@jsonable/domain/accounts/accounts.decider';", false],
  ['read-models/src/x.ts', "import { createApp } from '@jsonable/api/server';", false],
  ['services/domain/src/x.ts', "import { openSqlite } from '@jsonable/adapters/sqlite/event-store';", false],
  ['services/render/src/x.ts', "import type { RenderInput } from '@jsonable/domain/ports';", true],
  ['services/render/src/x.ts', "import { createApp } from '@jsonable/api/server';", false],
  // web depends on contracts only.
  ['web/src/features/x/y.tsx', "import { tableRequestSchema } from '@jsonable/contracts/table';", true],
  ['web/src/features/x/y.tsx', "import { renderTable } from '@jsonable/render/engine';", false],
  ['web/src/features/x/y.tsx', "import { x } from '../../../../services/api/src/server';", false],
  // Features do not import each other; they share through web/src/lib and web/src/components.
  ['web/src/features/billing/components/y.tsx', "import { useAccount } from '../../dashboard/api/account';", false],
  ['web/src/features/billing/components/y.tsx', "export { useAccount } from '../../dashboard/api/account';", false],
  ['web/src/features/billing/y.ts', "const m = import('../dashboard/api/account');", false],
  ['web/src/features/billing/components/y.tsx', "import { formatAmount } from '../api/billing';", true],
  ['web/src/features/billing/components/y.tsx', "import { useAccount } from '../../../lib/api/account';", true],
  [
    'web/src/features/billing/components/y.tsx',
    "import { BillingHistory } from '../../../components/BillingHistory';",
    true,
  ],
  ['web/src/lib/y.ts', "import { useAccount } from '../features/dashboard/api/account';", false],
  ['web/src/pages/y.tsx', "import { DashboardPage } from '../features/dashboard/components/DashboardPage';", true],
  // Tests may wire workspaces together.
  ['services/domain/test/x.test.ts', "import { openSqlite } from '@jsonable/adapters/sqlite/event-store';", true],
];

describe('import boundaries (eslint.config.js)', () => {
  it.each(cases)('%s: %s → allowed %s', async (file, code, allowed) => {
    const messages = await restricted(file, code);
    if (allowed) expect(messages).toEqual([]);
    else expect(messages).toHaveLength(1);
  });
});
