import { describe, expect, it } from 'vitest';
import { TOAST_LIMIT, toastReducer, type ToastData } from './toast-reducer';

const make = (id: string): ToastData => ({ id, title: `Toast ${id}`, open: true });

describe('toastReducer', () => {
  it('keeps only one toast visible, newest first', () => {
    let state = toastReducer({ toasts: [] }, { type: 'ADD_TOAST', toast: make('1') });
    state = toastReducer(state, { type: 'ADD_TOAST', toast: make('2') });
    expect(TOAST_LIMIT).toBe(1);
    expect(state.toasts.map((t) => t.id)).toEqual(['2']);
  });

  it('updates a toast by id', () => {
    const state = toastReducer({ toasts: [make('1')] }, { type: 'UPDATE_TOAST', toast: { id: '1', title: 'Changed' } });
    expect(state.toasts[0].title).toBe('Changed');
    expect(state.toasts[0].open).toBe(true);
  });

  it('dismissing closes the toast but keeps it until removal', () => {
    const state = toastReducer({ toasts: [make('1')] }, { type: 'DISMISS_TOAST', toastId: '1' });
    expect(state.toasts).toEqual([{ ...make('1'), open: false }]);
  });

  it('remembers a toast closed by Escape, for it to leave without its exit animation', () => {
    let state = toastReducer({ toasts: [make('1')] }, { type: 'DISMISS_TOAST', toastId: '1', byKey: true });
    expect(state.toasts).toEqual([{ ...make('1'), open: false, closedByKey: true }]);
    // Radix then reports the close through onOpenChange: a second dismissal keeps the mark.
    state = toastReducer(state, { type: 'DISMISS_TOAST', toastId: '1' });
    expect(state.toasts[0].closedByKey).toBe(true);
  });

  it('dismiss without an id closes every toast', () => {
    const state = toastReducer({ toasts: [make('1'), make('2')] }, { type: 'DISMISS_TOAST' });
    expect(state.toasts.every((t) => !t.open)).toBe(true);
  });

  it('removes one toast by id, or all without an id', () => {
    const both = { toasts: [make('1'), make('2')] };
    expect(toastReducer(both, { type: 'REMOVE_TOAST', toastId: '1' }).toasts.map((t) => t.id)).toEqual(['2']);
    expect(toastReducer(both, { type: 'REMOVE_TOAST' }).toasts).toEqual([]);
  });
});
