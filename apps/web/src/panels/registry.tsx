import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { LucideIcon } from 'lucide-react';
import { BookOpen, CreditCard, LayoutDashboard, Mail, Plug, Rocket, Server, Settings, Store, Ticket, Users } from 'lucide-react';
import { useBadge as useDeploymentsBadge } from './deployments/badge';
import { useBadge as useDevicesBadge } from './devices/badge';
import { useBadge as useEmailBadge } from './email/badge';
import { useBadge as useKnowledgeBadge } from './knowledge/badge';
import { useBadge as useTicketsBadge } from './tickets/badge';

export const PANEL_IDS = ['dashboard', 'tickets', 'email', 'deployments', 'knowledge', 'devices', 'billing', 'marketplace', 'providers', 'users', 'settings'] as const;
export type PanelId = (typeof PANEL_IDS)[number];

export interface PanelEntry {
  id: PanelId;
  /** Toolbar button label and panel title. */
  label: string;
  icon: LucideIcon;
  /** Loaded on first open, so the first screen ships little JavaScript. Takes no props. */
  Panel: LazyExoticComponent<ComponentType>;
  /** Toolbar notification count (SPEC §2): tickets, email, deployments, knowledge, devices. */
  useBadge?: () => number | undefined;
}

/** The right-hand panels in toolbar order (SPEC §2). */
export const PANELS: readonly PanelEntry[] = [
  { id: 'dashboard', label: 'Dashboard', icon: LayoutDashboard, Panel: lazy(() => import('./dashboard/DashboardPanel').then((m) => ({ default: m.DashboardPanel }))) },
  { id: 'tickets', label: 'Tickets', icon: Ticket, Panel: lazy(() => import('./tickets/TicketsPanel').then((m) => ({ default: m.TicketsPanel }))), useBadge: useTicketsBadge },
  { id: 'email', label: 'Email', icon: Mail, Panel: lazy(() => import('./email/EmailPanel').then((m) => ({ default: m.EmailPanel }))), useBadge: useEmailBadge },
  { id: 'deployments', label: 'Deployments', icon: Rocket, Panel: lazy(() => import('./deployments/DeploymentsPanel').then((m) => ({ default: m.DeploymentsPanel }))), useBadge: useDeploymentsBadge },
  { id: 'knowledge', label: 'Knowledge', icon: BookOpen, Panel: lazy(() => import('./knowledge/KnowledgePanel').then((m) => ({ default: m.KnowledgePanel }))), useBadge: useKnowledgeBadge },
  { id: 'devices', label: 'Devices', icon: Server, Panel: lazy(() => import('./devices/DevicesPanel').then((m) => ({ default: m.DevicesPanel }))), useBadge: useDevicesBadge },
  { id: 'billing', label: 'Billing', icon: CreditCard, Panel: lazy(() => import('./billing/BillingPanel').then((m) => ({ default: m.BillingPanel }))) },
  { id: 'marketplace', label: 'Marketplace', icon: Store, Panel: lazy(() => import('./marketplace/MarketplacePanel').then((m) => ({ default: m.MarketplacePanel }))) },
  { id: 'providers', label: 'Providers', icon: Plug, Panel: lazy(() => import('./providers/ProvidersPanel').then((m) => ({ default: m.ProvidersPanel }))) },
  { id: 'users', label: 'Users', icon: Users, Panel: lazy(() => import('./users/UsersPanel').then((m) => ({ default: m.UsersPanel }))) },
  { id: 'settings', label: 'Settings', icon: Settings, Panel: lazy(() => import('./settings/SettingsPanel').then((m) => ({ default: m.SettingsPanel }))) },
];

export function findPanel(id: string | null | undefined): PanelEntry | undefined {
  return PANELS.find((panel) => panel.id === id);
}
