import { createContext, useContext } from 'react';
import type { PanelId } from '../panels/registry';

export interface ShellControls {
  activePanel: PanelId | null;
  openPanel: (id: PanelId) => void;
  closePanel: () => void;
  /** Opens the panel, or closes it when it is the active one (SPEC §2). */
  togglePanel: (id: PanelId) => void;
  /** The sidebar overlay on narrow screens (always shown on wide ones). */
  sidebarOpen: boolean;
  openSidebar: () => void;
  closeSidebar: () => void;
}

export const ShellContext = createContext<ShellControls | null>(null);

/** Shell controls for panels and chat: open another panel, close the sidebar after a choice on mobile. */
export function useShell(): ShellControls {
  const controls = useContext(ShellContext);
  if (!controls) throw new Error('useShell must be used inside <Shell>');
  return controls;
}
