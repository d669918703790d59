/** Table Style Settings on the server (POST /api/settings; read back with GET /api/settings). */
import { settingsResponseSchema } from '@jsonable/contracts/accounts';
import { api } from '../../../lib/api-client';
import { tableSettingsSchema, type TableSettings } from '../../../lib/table-settings';

export async function saveServerSettings(settings: TableSettings): Promise<void> {
  await api.post('/api/settings', settings);
}

/** The settings saved on the server when they are still valid for this form; otherwise null. */
export async function fetchServerSettings(): Promise<TableSettings | null> {
  try {
    const { settings } = await api.get('/api/settings', settingsResponseSchema);
    const parsed = tableSettingsSchema.safeParse(settings);
    return parsed.success ? parsed.data : null;
  } catch {
    return null; // nothing saved, or the server cannot say: the form keeps its local values
  }
}
