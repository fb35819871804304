import { X } from 'lucide-react';
import { useSyncExternalStore } from 'react';

export type ToastTone = 'info' | 'success' | 'error';

interface Toast {
  id: number;
  message: string;
  tone: ToastTone;
}

const TOAST_MS = 4_000;
let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

export function dismissToast(id: number): void {
  toasts = toasts.filter((toast) => toast.id !== id);
  emit();
}

/** Shows a short in-app message (where SPEC says "alert"); it disappears after a few seconds. */
export function notify(message: string, tone: ToastTone = 'info'): void {
  const id = nextId++;
  toasts = [...toasts, { id, message, tone }];
  emit();
  setTimeout(() => dismissToast(id), TOAST_MS);
}

const TONES: Record<ToastTone, string> = {
  info: 'border-slate-200 bg-slate-900 text-white',
  success: 'border-emerald-700 bg-emerald-700 text-white',
  error: 'border-red-700 bg-red-700 text-white',
};

/** The toast region; rendered once at the app root. */
export function Toaster() {
  const items = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => toasts,
    () => toasts,
  );
  return (
    <div role="status" aria-live="polite" className="pointer-events-none fixed inset-x-0 bottom-4 z-[60] flex flex-col items-center gap-2 px-4">
      {items.map((toast) => (
        <div key={toast.id} className={`pointer-events-auto flex max-w-md items-start gap-3 rounded-lg border px-4 py-2.5 text-sm shadow-lg ${TONES[toast.tone]}`}>
          <span className="min-w-0 flex-1 break-words">{toast.message}</span>
          <button type="button" aria-label="Dismiss" onClick={() => dismissToast(toast.id)} className="-mr-1 rounded p-0.5 opacity-80 hover:opacity-100">
            <X aria-hidden="true" size={16} />
          </button>
        </div>
      ))}
    </div>
  );
}
