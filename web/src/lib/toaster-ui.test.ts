import { afterEach, describe, expect, it } from 'vitest';
import { notify, toaster } from './toaster-ui';

const toast = {
  success: (title: string) => notify('success', title),
  error: (title: string, description?: string) => notify('error', title, description),
};

afterEach(() => toaster.remove());

describe('toasts', () => {
  it('show one at a time: a new toast replaces the one showing instead of waiting behind it', () => {
    toast.success('Sample Data Loaded');
    toast.error('Error', 'Invalid JSON format or server error');
    toast.success('Preview Generated');
    const visible = toaster.getVisibleToasts();
    expect(visible.map((t) => t.title)).toEqual(['Preview Generated']);
    expect(toaster.getCount()).toBe(1);
  });
});
