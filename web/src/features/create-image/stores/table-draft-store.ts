/**
 * The table being made on the create-image screen: the JSON in the Preview tab's editor and the
 * conditional formats, spanners and notes of the Style Settings tab (issue #24), shared by both
 * tabs. UI state for this visit: these belong to one table's columns, so they are not saved
 * with the settings.
 */
import { create } from 'zustand';
import {
  emptyNotes,
  type FieldErrors,
  type FormatDraft,
  type NotesDraft,
  type SpannerDraft,
} from '../../../lib/table-features';

interface DraftState {
  json: string;
  formats: FormatDraft[];
  spanners: SpannerDraft[];
  notes: NotesDraft;
  /** What the last render answered with a 400, under the field it names (the next edit clears it). */
  serverErrors: FieldErrors;
  setServerErrors: (errors: FieldErrors) => void;
  setJson: (json: string) => void;
  setFormats: (formats: FormatDraft[]) => void;
  setSpanners: (spanners: SpannerDraft[]) => void;
  setNotes: (notes: NotesDraft) => void;
}

export const useTableDraft = create<DraftState>((set) => ({
  json: '',
  formats: [],
  spanners: [],
  notes: emptyNotes,
  serverErrors: {},
  setServerErrors: (serverErrors) => set({ serverErrors }),
  setJson: (json) => set({ json }),
  setFormats: (formats) => set({ formats }),
  setSpanners: (spanners) => set({ spanners }),
  setNotes: (notes) => set({ notes }),
}));
