import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Count } from '@console/contract/common';
import type { Email, EmailDetail, EmailsResponse, MailFolder, MailFolderName, MailFoldersResponse } from '@console/contract/mail';
import { COUNTS_REFRESH_MS } from '@console/contract/limits';
import { apiFetch } from '../../api/client';
import type { CurrentBrand } from '../../session/hooks';

/** Query keys of the Email panel; every key carries the brand id (STYLE §6). */
export const mailKeys = {
  all: (brandId: string) => ['mail', brandId] as const,
  folders: (brandId: string) => ['mail', brandId, 'folders'] as const,
  list: (brandId: string, folder: MailFolderName) => ['mail', brandId, 'list', folder] as const,
  email: (brandId: string, id: string) => ['mail', brandId, 'email', id] as const,
  unread: (brandId: string) => ['mail', brandId, 'unread'] as const,
};

/** SPEC §8: when the folders cannot be loaded, the panel still shows these, with zero counts. */
export const FALLBACK_FOLDERS: MailFolder[] = [
  { id: 'inbox', name: 'Inbox', unreadCount: 0, totalCount: 0 },
  { id: 'sent', name: 'Sent', unreadCount: 0, totalCount: 0 },
  { id: 'drafts', name: 'Drafts', unreadCount: 0, totalCount: 0 },
];

/**
 * SPEC §7 Mail: the mail routes take the brand API key and brand id headers. Owners and admins
 * see the key in users/me; other members read the same data through the bearer routes.
 */
function mailRequest(
  brand: CurrentBrand,
  path: 'folders' | 'inbox',
  query: Record<string, string> = {},
): { path: string; query: Record<string, string>; headers: Record<string, string> } {
  const apiKey = 'apiKey' in brand ? brand.apiKey : null;
  if (apiKey) {
    return { path: `/api/mail/${path}`, query, headers: { 'X-API-Key': apiKey, 'X-Brand-Id': brand.id } };
  }
  return { path: `/mail/${path}`, query: { ...query, brand_id: brand.id }, headers: {} };
}

export function useMailFolders(brand: CurrentBrand) {
  return useQuery({
    queryKey: mailKeys.folders(brand.id),
    queryFn: async ({ signal }) => {
      const { path, query, headers } = mailRequest(brand, 'folders');
      return (await apiFetch<MailFoldersResponse>(path, { query, headers, signal })).folders;
    },
  });
}

export function useMailList(brand: CurrentBrand, folder: MailFolderName) {
  return useQuery({
    queryKey: mailKeys.list(brand.id, folder),
    queryFn: async ({ signal }) => {
      const { path, query, headers } = mailRequest(brand, 'inbox', { folder });
      return (await apiFetch<EmailsResponse>(path, { query, headers, signal })).emails;
    },
  });
}

/** Opens one mail (the server marks it read), then refreshes the counts and lists. */
export function useEmail(brandId: string, id: string | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: mailKeys.email(brandId, id ?? ''),
    enabled: id !== null,
    queryFn: async ({ signal }) => {
      const email = await apiFetch<EmailDetail>(`/mail/emails/${id}`, { query: { brand_id: brandId }, signal });
      void queryClient.invalidateQueries({ queryKey: mailKeys.folders(brandId) });
      void queryClient.invalidateQueries({ queryKey: mailKeys.unread(brandId) });
      void queryClient.invalidateQueries({ queryKey: ['mail', brandId, 'list'] });
      return email;
    },
  });
}

export function useArchiveEmail(brandId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<Email>(`/mail/emails/${id}/archive`, { method: 'POST', query: { brand_id: brandId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mailKeys.all(brandId) }),
  });
}

/** SPEC §7 and §9: unread inbox mails for the badge and the dashboard, refreshed every 30 s. */
export function useUnreadMail(brandId: string | undefined) {
  return useQuery({
    queryKey: mailKeys.unread(brandId ?? ''),
    enabled: !!brandId,
    refetchInterval: COUNTS_REFRESH_MS,
    queryFn: ({ signal }) => apiFetch<Count>('/mail/inbox/unread', { query: { brand_id: brandId }, signal }),
  });
}
