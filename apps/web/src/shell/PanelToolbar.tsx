import { NotificationBadge } from '../ui/NotificationBadge';
import { PANELS, type PanelEntry, type PanelId } from '../panels/registry';

/** SPEC §2: the eleven panel icons; the active one is pressed and closes its panel when clicked. */
export function PanelToolbar({
  active,
  onToggle,
  orientation = 'horizontal',
}: {
  active: PanelId | null;
  onToggle: (id: PanelId) => void;
  /** Horizontal in the narrow-screen header, vertical as the wide-screen rail. */
  orientation?: 'horizontal' | 'vertical';
}) {
  const layout = orientation === 'vertical' ? 'flex flex-col items-center gap-1.5' : 'grid w-full grid-cols-11 gap-0.5 sm:flex sm:w-auto sm:items-center sm:gap-1';
  return (
    <div role="toolbar" aria-label="Panels" aria-orientation={orientation} className={layout}>
      {PANELS.map((panel) => (
        <ToolbarButton key={panel.id} panel={panel} active={active === panel.id} onToggle={onToggle} />
      ))}
    </div>
  );
}

function noBadge(): number | undefined {
  return undefined;
}

function ToolbarButton({ panel, active, onToggle }: { panel: PanelEntry; active: boolean; onToggle: (id: PanelId) => void }) {
  const useBadge = panel.useBadge ?? noBadge;
  const count = useBadge();
  const Icon = panel.icon;
  return (
    <button
      type="button"
      onClick={() => onToggle(panel.id)}
      aria-label={panel.label}
      aria-pressed={active}
      title={panel.label}
      data-panel={panel.id}
      className={`relative flex h-10 items-center justify-center rounded-lg transition-colors sm:w-10 ${
        active ? 'bg-blue-600 text-white shadow-sm' : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900'
      }`}
    >
      <Icon aria-hidden="true" size={18} />
      <NotificationBadge count={count} className="absolute -top-1 -right-1" />
    </button>
  );
}
