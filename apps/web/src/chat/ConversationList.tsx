import { useState } from 'react';
import { MessageSquare, Trash2 } from 'lucide-react';
import { NavLink, useNavigate, useParams } from 'react-router';
import { errorMessage } from '../api/client';
import { isAllBrands, useCurrentBrand } from '../session/hooks';
import { useShell } from '../shell/shell-context';
import { confirmAction } from '../ui/confirm';
import { ErrorState } from '../ui/ErrorState';
import { formatDate } from '../ui/format';
import { Spinner } from '../ui/Spinner';
import { notify } from '../ui/toast';
import { nextConversationsCursor, useConversations, useDeleteConversation, useOlderConversations } from './api';

export const DELETE_CONVERSATION_CONFIRM = 'Are you sure you want to delete this conversation?';

/** SPEC §2 sidebar list: title, updated date and delete (with confirmation) per conversation. */
export function ConversationList() {
  const brand = useCurrentBrand();
  const brandId = brand && !isAllBrands(brand) ? brand.id : null;
  const { conversationId } = useParams();
  const navigate = useNavigate();
  const { closeSidebar } = useShell();
  const list = useConversations(brandId);
  const remove = useDeleteConversation(brandId);
  const [olderRequested, setOlderRequested] = useState(false);
  const firstCursor = nextConversationsCursor(list.data);
  const older = useOlderConversations(brandId, firstCursor, olderRequested);

  async function onDelete(id: string) {
    if (!(await confirmAction(DELETE_CONVERSATION_CONFIRM, { confirmLabel: 'Delete' }))) return;
    try {
      await remove.mutateAsync(id);
      if (id === conversationId) navigate('/');
    } catch (error) {
      notify(errorMessage(error), 'error');
    }
  }

  if (!brandId) return null;
  if (list.isPending) {
    return (
      <div className="flex justify-center py-6">
        <Spinner label="Loading conversations" />
      </div>
    );
  }
  if (list.isError) return <ErrorState message={errorMessage(list.error)} onRetry={() => void list.refetch()} className="py-6" />;
  if (list.data.length === 0) return <p className="px-3 py-6 text-center text-sm text-slate-500">No conversations yet</p>;

  // Older pages may overlap the newest page after activity moved a conversation up: show each once.
  const shown = new Set(list.data.map((c) => c.id));
  const olderItems = [];
  for (const c of (older.data?.pages ?? []).flatMap((p) => p.items)) {
    if (shown.has(c.id)) continue;
    shown.add(c.id);
    olderItems.push(c);
  }
  const hasOlder = older.data ? older.hasNextPage : firstCursor !== null;

  return (
    <>
      <ul aria-label="Conversation list" className="space-y-0.5">
        {[...list.data, ...olderItems].map((c) => (
          <li key={c.id} className="group relative">
            <NavLink
              to={`/${c.id}`}
              onClick={closeSidebar}
              className={({ isActive }) =>
                `flex items-start gap-2.5 rounded-lg py-2 pr-10 pl-3 text-sm ${isActive ? 'bg-blue-50 text-blue-900' : 'text-slate-700 hover:bg-slate-100'}`
              }
            >
              <MessageSquare aria-hidden="true" size={15} className="mt-0.5 shrink-0 opacity-60" />
              <span className="min-w-0 flex-1">
                <span className="block truncate font-medium">{c.title}</span>
                <span className="block text-xs text-slate-500">{formatDate(c.updatedAt)}</span>
              </span>
            </NavLink>
            <button
              type="button"
              onClick={() => void onDelete(c.id)}
              aria-label={`Delete conversation ${c.title}`}
              title="Delete conversation"
              className="absolute top-1.5 right-1.5 inline-flex size-7 items-center justify-center rounded-md text-slate-400 hover:bg-red-50 hover:text-red-600 focus:opacity-100 lg:opacity-0 lg:group-hover:opacity-100"
            >
              <Trash2 aria-hidden="true" size={15} />
            </button>
          </li>
        ))}
      </ul>
      {hasOlder && (
        <button
          type="button"
          className="btn btn-ghost mt-1 w-full text-sm"
          disabled={older.isFetching}
          onClick={() => (older.data ? void older.fetchNextPage() : setOlderRequested(true))}
        >
          {older.isFetching ? 'Loading...' : 'Load older conversations'}
        </button>
      )}
      {older.isError && <ErrorState message={errorMessage(older.error)} onRetry={() => void older.refetch()} className="py-2" />}
    </>
  );
}
