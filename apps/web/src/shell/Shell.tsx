import { Menu } from 'lucide-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Outlet } from 'react-router';
import type { PanelId } from '../panels/registry';
import { useCurrentBrand } from '../session/hooks';
import { PanelHost } from './PanelHost';
import { PanelToolbar } from './PanelToolbar';
import { ShellContext, type ShellControls } from './shell-context';
import { Sidebar } from './Sidebar';
import { useIsMobile } from './use-media-query';
import { useSwipe } from './use-swipe';

/**
 * SPEC §2 chat screen layout: sidebar, main area (the route's content) and the right panel.
 * Under 1024 px the sidebar and the panel are overlays; swipe right opens the sidebar or closes
 * the panel, swipe left closes the sidebar; Escape closes the panel (then the sidebar).
 */
export function Shell() {
  const brand = useCurrentBrand();
  const isMobile = useIsMobile();
  const [activePanel, setActivePanel] = useState<PanelId | null>(null);
  const [sidebarOpen, setSidebarOpen] = useState(false);

  const openPanel = useCallback((id: PanelId) => {
    setActivePanel(id);
    setSidebarOpen(false);
  }, []);
  const closePanel = useCallback(() => setActivePanel(null), []);
  const togglePanel = useCallback((id: PanelId) => {
    setActivePanel((current) => (current === id ? null : id));
    setSidebarOpen(false);
  }, []);
  const openSidebar = useCallback(() => setSidebarOpen(true), []);
  const closeSidebar = useCallback(() => setSidebarOpen(false), []);

  const controls = useMemo<ShellControls>(
    () => ({ activePanel, openPanel, closePanel, togglePanel, sidebarOpen, openSidebar, closeSidebar }),
    [activePanel, openPanel, closePanel, togglePanel, sidebarOpen, openSidebar, closeSidebar],
  );

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      if (activePanel) setActivePanel(null);
      else if (sidebarOpen) setSidebarOpen(false);
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [activePanel, sidebarOpen]);

  const swipe = useSwipe({
    enabled: isMobile,
    onSwipeRight: () => (activePanel ? setActivePanel(null) : setSidebarOpen(true)),
    onSwipeLeft: () => setSidebarOpen(false),
  });

  const showSidebarOverlay = isMobile && sidebarOpen;
  const showPanelOverlay = isMobile && activePanel !== null;

  return (
    <ShellContext.Provider value={controls}>
      <div {...swipe} className="flex h-dvh overflow-hidden bg-slate-50">
        {(showSidebarOverlay || showPanelOverlay) && (
          <div
            data-testid="overlay-backdrop"
            aria-hidden="true"
            className="fixed inset-0 z-30 bg-slate-900/40 lg:hidden"
            onClick={() => {
              setSidebarOpen(false);
              setActivePanel(null);
            }}
          />
        )}

        <aside
          aria-label="Sidebar"
          data-open={sidebarOpen}
          className={`fixed inset-y-0 left-0 z-40 w-72 max-w-[85vw] border-r border-slate-200 shadow-xl transition-transform duration-200 lg:static lg:z-auto lg:w-72 lg:max-w-none lg:translate-x-0 lg:shadow-none ${
            sidebarOpen ? 'translate-x-0' : '-translate-x-full'
          } ${!isMobile || sidebarOpen ? '' : 'invisible lg:visible'}`}
        >
          <Sidebar onClose={closeSidebar} />
        </aside>

        <div className="flex min-w-0 flex-1 flex-col">
          <header className="flex shrink-0 flex-wrap items-center gap-x-2 gap-y-1.5 border-b border-slate-200 bg-white px-3 py-2 sm:h-14 sm:flex-nowrap sm:py-0 lg:px-5">
            <button type="button" onClick={openSidebar} aria-label="Open sidebar" aria-expanded={sidebarOpen} className="btn-icon -ml-1 lg:hidden">
              <Menu aria-hidden="true" size={20} />
            </button>
            <h1 className="min-w-0 flex-1 truncate text-sm font-semibold text-slate-900 sm:text-base">{brand?.name ?? 'No brand selected'}</h1>
            {isMobile && (
              <div className="w-full sm:w-auto">
                <PanelToolbar active={activePanel} onToggle={togglePanel} />
              </div>
            )}
          </header>
          <main className="flex min-h-0 flex-1 flex-col">
            <Outlet />
          </main>
        </div>

        {activePanel && (
          <aside
            aria-label="Context panel"
            className="fixed inset-y-0 right-0 z-40 w-full border-l border-slate-200 shadow-xl sm:max-w-md lg:static lg:z-auto lg:w-[400px] lg:max-w-none lg:shrink-0 lg:shadow-none xl:w-[460px]"
          >
            <PanelHost id={activePanel} onClose={closePanel} />
          </aside>
        )}

        {!isMobile && (
          <nav aria-label="Panel toolbar" className="flex w-16 shrink-0 flex-col items-center overflow-y-auto border-l border-slate-200 bg-white py-3">
            <PanelToolbar orientation="vertical" active={activePanel} onToggle={togglePanel} />
          </nav>
        )}
      </div>
    </ShellContext.Provider>
  );
}
