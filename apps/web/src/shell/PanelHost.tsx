import { X } from 'lucide-react';
import { Suspense } from 'react';
import { findPanel, type PanelId } from '../panels/registry';
import { LoadingState } from '../ui/Spinner';
import { PanelErrorBoundary } from './PanelErrorBoundary';

/** The right context panel: title bar, close button and the lazily loaded panel body. */
export function PanelHost({ id, onClose }: { id: PanelId; onClose: () => void }) {
  const entry = findPanel(id);
  if (!entry) return null;
  const { Panel, icon: Icon, label } = entry;
  return (
    <section aria-label={`${label} panel`} className="flex h-full min-h-0 flex-col bg-white">
      <header className="flex h-14 shrink-0 items-center gap-2 border-b border-slate-200 px-4">
        <Icon aria-hidden="true" size={18} className="text-slate-500" />
        <h2 className="flex-1 truncate text-base font-semibold text-slate-900">{label}</h2>
        <button type="button" onClick={onClose} aria-label="Close panel" title="Close panel" className="btn-icon -mr-1.5">
          <X aria-hidden="true" size={18} />
        </button>
      </header>
      <div className="min-h-0 flex-1 overflow-y-auto">
        <PanelErrorBoundary key={id}>
          <Suspense fallback={<LoadingState label={`Loading ${label}`} />}>
            <Panel />
          </Suspense>
        </PanelErrorBoundary>
      </div>
    </section>
  );
}
