/**
 * The toast state machine of SPEC.md section 4: at most one toast at a time (a new one replaces
 * the earlier), actions add / update / dismiss (marks closed) / remove (after the removal delay).
 * Framework-free so it can be unit-tested with fake timers; components/Toaster.tsx renders it.
 */

export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;

export type ToastVariant = "default" | "destructive";

export interface ToastInput {
  title?: string;
  description?: string;
  variant?: ToastVariant;
  action?: { label: string; altText: string; onClick: () => void };
}

export interface ToastItem extends ToastInput {
  id: string;
  open: boolean;
}

export type ToastAction =
  | { type: "ADD"; toast: ToastItem }
  | { type: "UPDATE"; toast: Partial<ToastItem> & { id: string } }
  | { type: "DISMISS"; id?: string }
  | { type: "REMOVE"; id?: string };

export function reducer(state: ToastItem[], action: ToastAction): ToastItem[] {
  switch (action.type) {
    case "ADD":
      return [action.toast, ...state].slice(0, TOAST_LIMIT);
    case "UPDATE":
      return state.map((t) => (t.id === action.toast.id ? { ...t, ...action.toast } : t));
    case "DISMISS":
      return state.map((t) =>
        action.id === undefined || t.id === action.id ? { ...t, open: false } : t,
      );
    case "REMOVE":
      return action.id === undefined ? [] : state.filter((t) => t.id !== action.id);
  }
}

type Listener = (toasts: ToastItem[]) => void;

let state: ToastItem[] = [];
let counter = 0;
const listeners = new Set<Listener>();
const removeTimers = new Map<string, ReturnType<typeof setTimeout>>();

function dispatch(action: ToastAction) {
  state = reducer(state, action);
  if (action.type === "DISMISS") {
    const ids = action.id === undefined ? state.map((t) => t.id) : [action.id];
    ids.forEach(scheduleRemoval);
  }
  listeners.forEach((l) => l(state));
}

function scheduleRemoval(id: string) {
  if (removeTimers.has(id)) return;
  removeTimers.set(
    id,
    setTimeout(() => {
      removeTimers.delete(id);
      dispatch({ type: "REMOVE", id });
    }, TOAST_REMOVE_DELAY_MS),
  );
}

/** Shows a toast, replacing any shown now. Returns handles to update or dismiss it. */
export function toast(input: ToastInput) {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  dispatch({ type: "ADD", toast: { ...input, id, open: true } });
  return {
    id,
    dismiss: () => dispatch({ type: "DISMISS", id }),
    update: (next: ToastInput) => dispatch({ type: "UPDATE", toast: { ...next, id } }),
  };
}

export function dismissToast(id?: string) {
  dispatch({ type: "DISMISS", id });
}

export function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getToasts(): ToastItem[] {
  return state;
}

/** For tests: forget every toast and timer. */
export function resetToasts() {
  removeTimers.forEach(clearTimeout);
  removeTimers.clear();
  state = [];
  listeners.forEach((l) => l(state));
}
