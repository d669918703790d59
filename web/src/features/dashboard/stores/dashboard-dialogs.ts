/** Which dashboard dialog is open, and for what (UI state only; the data lives in SWR). */
import { create } from 'zustand';
import type { Project } from '../../../lib/api/projects';
import type { TableImage } from '../../../lib/api/images';

export type DashboardDialog =
  | { kind: 'none' }
  | { kind: 'create-project' }
  | { kind: 'api-key'; project: Project }
  | { kind: 'rename'; project: Project }
  | { kind: 'delete-project'; project: Project }
  | { kind: 'add-example'; project: Project }
  | { kind: 'delete-image'; image: TableImage }
  | { kind: 'view-image'; image: TableImage };

interface DialogState {
  dialog: DashboardDialog;
  open: (dialog: DashboardDialog) => void;
  close: () => void;
}

export const useDashboardDialogs = create<DialogState>((set) => ({
  dialog: { kind: 'none' },
  open: (dialog) => set({ dialog }),
  close: () => set({ dialog: { kind: 'none' } }),
}));
