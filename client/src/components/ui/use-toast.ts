import { useEffect, useState, type ReactNode } from 'react';
import { TOAST_REMOVE_DELAY_MS } from '@contract/limits';
import { toastReducer, type ToastAction, type ToastState, type ToastVariant } from './toast-reducer';

// A module-level store so `toast()` works from anywhere (query callbacks, plain functions),
// the way shadcn's toaster does; <Toaster /> renders it.

export interface ToastOptions {
  title?: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  variant?: ToastVariant;
  duration?: number;
}

const listeners = new Set<(state: ToastState) => void>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();
let memoryState: ToastState = { toasts: [] };
let count = 0;

function dispatch(action: ToastAction): void {
  memoryState = toastReducer(memoryState, action);
  listeners.forEach((listener) => listener(memoryState));
}

function scheduleRemoval(id: string): void {
  if (removalTimers.has(id)) return;
  removalTimers.set(
    id,
    setTimeout(() => {
      removalTimers.delete(id);
      dispatch({ type: 'REMOVE_TOAST', toastId: id });
    }, TOAST_REMOVE_DELAY_MS),
  );
}

export function dismissToast(toastId?: string, { byKey = false } = {}): void {
  const ids = toastId === undefined ? memoryState.toasts.map((t) => t.id) : [toastId];
  ids.forEach(scheduleRemoval);
  dispatch({ type: 'DISMISS_TOAST', toastId, byKey });
}

/** Shows a toast; only one is visible at a time, so a new one replaces the current one. */
export function toast(options: ToastOptions) {
  count = (count + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(count);
  dispatch({ type: 'ADD_TOAST', toast: { ...options, id, open: true } });
  return {
    id,
    dismiss: () => dismissToast(id),
    update: (next: ToastOptions) => dispatch({ type: 'UPDATE_TOAST', toast: { ...next, id } }),
  };
}

export function useToast() {
  const [state, setState] = useState<ToastState>(memoryState);
  useEffect(() => {
    listeners.add(setState);
    return () => {
      listeners.delete(setState);
    };
  }, []);
  return { toasts: state.toasts, toast, dismiss: dismissToast };
}
