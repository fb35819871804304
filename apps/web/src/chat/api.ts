import type { Conversation, ConversationDetail, Message } from '@console/contract/chat';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../api/client';

/** Query keys (STYLE §6): each includes the brand id. */
export const chatKeys = {
  conversations: (brandId: string) => ['conversations', brandId] as const,
  conversation: (brandId: string, id: string) => ['conversation', brandId, id] as const,
};

/** The server's cursor after a page of conversations (`x-next-cursor`), by the page it came with. */
const nextCursors = new WeakMap<Conversation[], string>();

export function nextConversationsCursor(list: Conversation[] | undefined): string | null {
  return (list && nextCursors.get(list)) ?? null;
}

async function fetchConversationsPage(brandId: string | null, cursor: string | null, signal?: AbortSignal) {
  let next: string | null = null;
  const items = await apiFetch<Conversation[]>('/conversations', {
    query: { brand_id: brandId, cursor },
    signal,
    onHeaders: (headers) => (next = headers.get('x-next-cursor')),
  });
  if (next) nextCursors.set(items, next);
  return { items, next: next as string | null };
}

/** SPEC §7: the brand's conversations, newest activity first (the newest page). */
export function useConversations(brandId: string | null) {
  return useQuery({
    queryKey: chatKeys.conversations(brandId ?? ''),
    queryFn: async ({ signal }) => (await fetchConversationsPage(brandId, null, signal)).items,
    enabled: !!brandId,
  });
}

/** Older conversations, page by page from the newest page's cursor; fetched once the user asks. */
export function useOlderConversations(brandId: string | null, firstCursor: string | null, requested: boolean) {
  return useInfiniteQuery({
    queryKey: [...chatKeys.conversations(brandId ?? ''), 'older', firstCursor] as const,
    queryFn: ({ pageParam, signal }) => fetchConversationsPage(brandId, pageParam, signal),
    initialPageParam: firstCursor,
    getNextPageParam: (last) => last.next ?? undefined,
    enabled: requested && !!brandId && !!firstCursor,
  });
}

/** SPEC §7: one conversation with its messages. */
export function useConversation(brandId: string | null, id: string | undefined) {
  return useQuery({
    queryKey: chatKeys.conversation(brandId ?? '', id ?? ''),
    queryFn: ({ signal }) => apiFetch<ConversationDetail>(`/conversations/${id}`, { query: { brand_id: brandId }, signal }),
    enabled: !!brandId && !!id,
  });
}

/**
 * Messages older than the newest page (the server answers with the newest messages and a
 * `next_cursor`); fetched only when the user asks for them.
 */
export function useOlderMessages(brandId: string | null, id: string | undefined, firstCursor: string | null) {
  return useInfiniteQuery({
    queryKey: [...chatKeys.conversation(brandId ?? '', id ?? ''), 'older', firstCursor] as const,
    queryFn: ({ pageParam, signal }) =>
      apiFetch<ConversationDetail>(`/conversations/${id}`, { query: { brand_id: brandId, before: pageParam }, signal }),
    initialPageParam: firstCursor,
    getNextPageParam: (last) => last.next_cursor,
    enabled: false,
  });
}

export function createConversation(brandId: string, title?: string) {
  return apiFetch<Conversation>('/conversations', { method: 'POST', query: { brand_id: brandId }, body: title ? { title } : {} });
}

/** SPEC §5: adding a message with no current conversation fails with 'No conversation selected'. */
export function postMessage(brandId: string, conversationId: string, message: { role: Message['role']; content: string }) {
  if (!conversationId) return Promise.reject(new Error('No conversation selected'));
  return apiFetch<Message>(`/conversations/${conversationId}/messages`, { method: 'POST', query: { brand_id: brandId }, body: message });
}

/** Creating adds the conversation to the top of the list (SPEC §4). */
export function useCreateConversation(brandId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => createConversation(brandId!),
    onSuccess: (conversation) => addConversationToList(queryClient, brandId!, conversation),
  });
}

export function addConversationToList(queryClient: ReturnType<typeof useQueryClient>, brandId: string, conversation: Conversation) {
  queryClient.setQueryData<Conversation[]>(chatKeys.conversations(brandId), (list) => [
    conversation,
    ...(list ?? []).filter((c) => c.id !== conversation.id),
  ]);
  void queryClient.invalidateQueries({ queryKey: chatKeys.conversations(brandId) });
}

/** Deleting removes it from the list (SPEC §4). */
export function useDeleteConversation(brandId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<{ ok: true }>(`/conversations/${id}`, { method: 'DELETE', query: { brand_id: brandId } }),
    onSuccess: (_result, id) => {
      queryClient.setQueryData<Conversation[]>(chatKeys.conversations(brandId!), (list) => list?.filter((c) => c.id !== id));
      queryClient.setQueriesData<{ pages: Array<{ items: Conversation[]; next: string | null }>; pageParams: unknown[] }>(
        { queryKey: [...chatKeys.conversations(brandId!), 'older'] },
        (data) => data && { ...data, pages: data.pages.map((p) => ({ ...p, items: p.items.filter((c) => c.id !== id) })) },
      );
      queryClient.removeQueries({ queryKey: chatKeys.conversation(brandId!, id) });
      void queryClient.invalidateQueries({ queryKey: chatKeys.conversations(brandId!) });
    },
  });
}
