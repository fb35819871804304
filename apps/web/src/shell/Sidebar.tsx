import { LogOut, ShieldCheck, Sparkles, X } from 'lucide-react';
import { ConversationList } from '../chat/ConversationList';
import { NewChatButton } from '../chat/NewChatButton';
import { useSession } from '../session/hooks';
import { BrandSwitcher } from './BrandSwitcher';

/** SPEC §2 left sidebar: New Chat, conversation list, brand switcher, current user. */
export function Sidebar({ onClose }: { onClose: () => void }) {
  const { user, isSuperAdmin, logout } = useSession();

  return (
    <div className="flex h-full flex-col bg-white">
      <div className="flex items-center gap-2 px-4 pt-4 pb-3">
        <span className="flex size-8 items-center justify-center rounded-lg bg-blue-600 text-white">
          <Sparkles aria-hidden="true" size={17} />
        </span>
        <span className="flex-1 text-base font-semibold tracking-tight text-slate-900">Brand Console</span>
        <button type="button" onClick={onClose} aria-label="Close sidebar" className="btn-icon lg:hidden">
          <X aria-hidden="true" size={18} />
        </button>
      </div>

      <div className="space-y-3 px-3 pb-3">
        <BrandSwitcher />
        <NewChatButton />
      </div>

      <nav aria-label="Conversations" className="min-h-0 flex-1 overflow-y-auto border-t border-slate-100 px-2 py-2">
        <ConversationList />
      </nav>

      {user && (
        <div className="flex items-center gap-3 border-t border-slate-200 px-3 py-3">
          <span aria-hidden="true" className="flex size-9 shrink-0 items-center justify-center rounded-full bg-slate-200 text-sm font-semibold text-slate-700">
            {initials(user.name || user.email)}
          </span>
          <div className="min-w-0 flex-1">
            <div className="truncate text-sm font-medium text-slate-900">{user.name}</div>
            <div className="truncate text-xs text-slate-500">{user.email}</div>
            {isSuperAdmin && (
              <span className="mt-1 inline-flex items-center gap-1 rounded-full bg-violet-100 px-2 py-0.5 text-[11px] font-semibold text-violet-800">
                <ShieldCheck aria-hidden="true" size={12} />
                Super Admin
              </span>
            )}
          </div>
          <button type="button" onClick={() => void logout()} aria-label="Sign out" title="Sign out" className="btn-icon shrink-0">
            <LogOut aria-hidden="true" size={17} />
          </button>
        </div>
      )}
    </div>
  );
}

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '')).toUpperCase() || '?';
}
