import { useState } from 'react';
import { Archive, ArrowLeft, Inbox, Paperclip } from 'lucide-react';
import type { Email, MailFolder, MailFolderName } from '@console/contract/mail';
import { hasRole } from '@console/contract/roles';
import { downloadFile, errorMessage } from '../../api/client';
import { isAllBrands, useCurrentBrand, type CurrentBrand } from '../../session/hooks';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorState } from '../../ui/ErrorState';
import { RefreshButton } from '../../ui/RefreshButton';
import { LoadingState } from '../../ui/Spinner';
import { formatDateTime, formatShortDate } from '../../ui/format';
import { notify } from '../../ui/toast';
import { FALLBACK_FOLDERS, useArchiveEmail, useEmail, useMailFolders, useMailList } from './api';

/** SPEC §2 Email panel: folders with unread counts, Refresh, message rows; opening a row shows it. */
export function EmailPanel() {
  const brand = useCurrentBrand();
  if (!brand || isAllBrands(brand)) return <EmptyState icon={Inbox} title="No brand selected" />;
  return <Mailbox key={brand.id} brand={brand} />;
}

function Mailbox({ brand }: { brand: CurrentBrand }) {
  const [folder, setFolder] = useState<MailFolderName>('inbox');
  const [openId, setOpenId] = useState<string | null>(null);
  const folders = useMailFolders(brand);
  const list = useMailList(brand, folder);
  // SPEC §8: a folder load failure falls back to Inbox, Sent, Drafts with zero counts.
  const shownFolders = folders.isError ? FALLBACK_FOLDERS : (folders.data ?? FALLBACK_FOLDERS);
  const refreshing = folders.isFetching || list.isFetching;

  if (openId) return <EmailView brand={brand} id={openId} onBack={() => setOpenId(null)} />;

  return (
    <div className="flex min-h-full flex-col">
      <div className="sticky top-0 z-10 flex items-center gap-2 border-b border-slate-200 bg-white px-3 py-2">
        <nav aria-label="Folders" className="flex min-w-0 flex-1 gap-1 overflow-x-auto">
          {shownFolders.map((f) => (
            <FolderButton key={f.id} folder={f} active={f.id === folder} onSelect={() => setFolder(f.id)} />
          ))}
        </nav>
        <RefreshButton
          className="shrink-0"
          onRefresh={() => {
            void folders.refetch();
            void list.refetch();
          }}
          busy={refreshing}
        />
      </div>
      <EmailList folder={folder} state={list} onOpen={setOpenId} />
    </div>
  );
}

function FolderButton({ folder, active, onSelect }: { folder: MailFolder; active: boolean; onSelect: () => void }) {
  return (
    <button
      type="button"
      onClick={onSelect}
      aria-pressed={active}
      className={`inline-flex shrink-0 items-center gap-1.5 rounded-full px-3 py-1.5 text-sm font-medium transition-colors ${
        active ? 'bg-blue-600 text-white' : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900'
      }`}
    >
      {folder.name}
      {folder.unreadCount > 0 && (
        <span
          aria-label={`${folder.unreadCount} unread`}
          className={`rounded-full px-1.5 text-xs font-semibold ${active ? 'bg-white/25 text-white' : 'bg-blue-100 text-blue-700'}`}
        >
          {folder.unreadCount}
        </span>
      )}
    </button>
  );
}

function EmailList({
  folder,
  state,
  onOpen,
}: {
  folder: MailFolderName;
  state: ReturnType<typeof useMailList>;
  onOpen: (id: string) => void;
}) {
  if (state.isPending) return <LoadingState label="Loading emails" />;
  if (state.isError) return <ErrorState message="Failed to load emails. Please try again." onRetry={() => void state.refetch()} />;
  if (state.data.length === 0) return <EmptyState icon={Inbox} title={`No emails in ${folder}`} />;
  return (
    <ul className="divide-y divide-slate-100" aria-label="Emails">
      {state.data.map((email) => (
        <li key={email.id}>
          <EmailRow email={email} onOpen={() => onOpen(email.id)} />
        </li>
      ))}
    </ul>
  );
}

/** One message row (SPEC §2): from, subject, preview, attachment marker, received date; unread highlighted. */
export function EmailRow({ email, onOpen }: { email: Email; onOpen: () => void }) {
  const unread = !email.read;
  return (
    <button
      type="button"
      onClick={onOpen}
      data-unread={unread}
      className={`flex w-full gap-3 px-4 py-3 text-left transition-colors hover:bg-slate-50 ${unread ? 'bg-blue-50/60' : ''}`}
    >
      <span aria-hidden="true" className={`mt-1.5 size-2 shrink-0 rounded-full ${unread ? 'bg-blue-600' : 'bg-transparent'}`} />
      <span className="min-w-0 flex-1">
        <span className="flex items-baseline gap-2">
          <span className={`min-w-0 flex-1 truncate text-sm ${unread ? 'font-semibold text-slate-900' : 'text-slate-700'}`}>{email.fromName || email.from}</span>
          {email.hasAttachments && <Paperclip aria-label="Has attachments" size={14} className="shrink-0 text-slate-400" />}
          <time dateTime={email.receivedAt} className="shrink-0 text-xs text-slate-500">
            {formatShortDate(email.receivedAt)}
          </time>
        </span>
        <span className={`block truncate text-sm ${unread ? 'font-semibold text-slate-900' : 'text-slate-800'}`}>{email.subject || 'No subject'}</span>
        <span className="block truncate text-sm text-slate-500">{email.preview}</span>
        {unread && <span className="sr-only">Unread</span>}
      </span>
    </button>
  );
}

function EmailView({ brand, id, onBack }: { brand: CurrentBrand; id: string; onBack: () => void }) {
  const email = useEmail(brand.id, id);
  const archive = useArchiveEmail(brand.id);
  const canArchive = 'role' in brand && hasRole(brand.role, 'agent');

  return (
    <div className="flex min-h-full flex-col">
      <div className="sticky top-0 z-10 flex items-center gap-2 border-b border-slate-200 bg-white px-3 py-2">
        <button type="button" className="btn btn-ghost" onClick={onBack}>
          <ArrowLeft aria-hidden="true" size={16} />
          Back
        </button>
        <span className="flex-1" />
        {canArchive && email.data && email.data.folder !== 'archive' && (
          <button
            type="button"
            className="btn btn-secondary"
            disabled={archive.isPending}
            onClick={() =>
              archive.mutate(id, {
                onSuccess: () => {
                  notify('Email archived', 'success');
                  onBack();
                },
                onError: (error) => notify(errorMessage(error), 'error'),
              })
            }
          >
            <Archive aria-hidden="true" size={16} />
            Archive
          </button>
        )}
      </div>
      {email.isPending ? (
        <LoadingState label="Loading email" />
      ) : email.isError ? (
        <ErrorState message="Failed to load emails. Please try again." onRetry={() => void email.refetch()} />
      ) : (
        <article className="space-y-4 px-4 py-4">
          <header className="space-y-1">
            <h3 className="text-base font-semibold break-words text-slate-900">{email.data.subject || 'No subject'}</h3>
            <p className="text-sm break-all text-slate-700">
              {email.data.fromName ? (
                <>
                  <span className="font-medium">{email.data.fromName}</span> &lt;{email.data.from}&gt;
                </>
              ) : (
                <span className="font-medium">{email.data.from}</span>
              )}
            </p>
            {email.data.to.length > 0 && <p className="text-xs break-all text-slate-500">To: {email.data.to.join(', ')}</p>}
            <p className="text-xs text-slate-500">
              <time dateTime={email.data.receivedAt}>{formatDateTime(email.data.receivedAt)}</time>
            </p>
          </header>
          {email.data.attachments.length > 0 && (
            <ul aria-label="Attachments" className="flex flex-wrap gap-2">
              {email.data.attachments.map((a) => (
                <li key={a.id}>
                  <button
                    type="button"
                    title={`Download ${a.filename}`}
                    className="inline-flex items-center gap-1.5 rounded-md border border-slate-200 px-2 py-1 text-xs text-slate-700 hover:border-slate-300 hover:bg-slate-50"
                    onClick={() =>
                      void downloadFile(`/mail/emails/${id}/attachments/${a.id}`, a.filename, { brand_id: brand.id }).catch((error: unknown) =>
                        notify(errorMessage(error, 'Download failed'), 'error'),
                      )
                    }
                  >
                    <Paperclip aria-hidden="true" size={12} />
                    {a.filename}
                    <span className="text-slate-400">{formatSize(a.size)}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
          <div className="text-sm leading-relaxed break-words whitespace-pre-wrap text-slate-800">{email.data.text}</div>
        </article>
      )}
    </div>
  );
}

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
