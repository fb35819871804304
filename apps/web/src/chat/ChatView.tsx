import { useQueryClient } from '@tanstack/react-query';
import { Mail, MessageSquare } from 'lucide-react';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ApiError, errorMessage } from '../api/client';
import { isAllBrands, useCurrentBrand } from '../session/hooks';
import { CopyButton } from '../ui/CopyButton';
import { ErrorState } from '../ui/ErrorState';
import { Spinner } from '../ui/Spinner';
import { notify } from '../ui/toast';
import { addConversationToList, chatKeys, createConversation, useConversation, useOlderMessages } from './api';
import { mergeMessages, sendChatMessage, stopStreaming, useSendState } from './chat-store';
import { Composer } from './Composer';
import { MessageList } from './MessageList';

/** SPEC §2 chat area for `/` and `/:conversationId`. */
export function ChatView() {
  const { conversationId } = useParams();
  const brand = useCurrentBrand();
  const brandId = brand && !isAllBrands(brand) ? brand.id : null;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const conversation = useConversation(brandId, conversationId);
  const sendState = useSendState(conversationId);
  const [creating, setCreating] = useState(false);

  const firstCursor = conversation.data?.next_cursor ?? null;
  const older = useOlderMessages(brandId, conversationId, firstCursor);
  const olderMessages = older.data ? [...older.data.pages].reverse().flatMap((page) => page.messages) : [];
  const hasOlder = older.data ? older.hasNextPage : firstCursor !== null;
  const saved = [...olderMessages, ...(conversation.data?.messages ?? [])];
  const messages = mergeMessages(saved, sendState.messages);
  const missing = conversation.error instanceof ApiError && conversation.error.status === 404;

  async function onSend(text: string): Promise<boolean> {
    if (!brandId) return false;
    let id = conversationId;
    if (!id) {
      // SPEC §4: no conversation yet → create one and route to it; on failure the text comes back.
      setCreating(true);
      try {
        const created = await createConversation(brandId);
        addConversationToList(queryClient, brandId, created);
        queryClient.setQueryData(chatKeys.conversation(brandId, created.id), { ...created, messages: [], next_cursor: null });
        id = created.id;
        navigate(`/${id}`);
      } catch (error) {
        notify(errorMessage(error, 'Failed to create conversation'), 'error');
        return false;
      } finally {
        setCreating(false);
      }
    }
    void sendChatMessage({ queryClient, brandId, conversationId: id, text, history: saved });
    return true;
  }

  const inputDisabled = !brandId || creating || (!!conversationId && (conversation.isPending || conversation.isError));

  let body;
  if (conversationId && conversation.isPending) {
    body = (
      <div className="flex flex-1 items-center justify-center">
        <Spinner />
      </div>
    );
  } else if (conversationId && conversation.isError) {
    body = missing ? (
      <ErrorState message="Conversation not found" className="flex-1 justify-center" />
    ) : (
      <ErrorState message={errorMessage(conversation.error)} onRetry={() => void conversation.refetch()} className="flex-1 justify-center" />
    );
  } else if (messages.length === 0) {
    body = (
      <div className="flex flex-1 flex-col items-center justify-center px-6 text-center">
        <span className="mb-4 flex size-14 items-center justify-center rounded-2xl bg-blue-50 text-blue-700">
          <MessageSquare aria-hidden="true" size={26} />
        </span>
        <h2 className="text-xl font-semibold text-slate-900">Welcome to {brand?.name ?? 'the console'} AI</h2>
        <p className="mt-1.5 text-sm text-slate-600">Start a new conversation to begin</p>
      </div>
    );
  } else {
    body = (
      <MessageList
        messages={messages}
        conversationId={conversationId ?? ''}
        header={
          hasOlder && (
            <div className="flex justify-center">
              <button
                type="button"
                disabled={older.isFetching}
                onClick={() => void (older.data ? older.fetchNextPage() : older.refetch())}
                className="btn btn-ghost text-xs"
              >
                {older.isFetching ? 'Loading...' : 'Load earlier messages'}
              </button>
            </div>
          )
        }
      />
    );
  }

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      {conversation.data && (
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1 border-b border-blue-100 bg-blue-50 px-3 py-2 text-xs text-blue-900 sm:px-5">
          <Mail aria-hidden="true" size={14} className="shrink-0" />
          <span className="shrink-0">Email this conversation:</span>
          <code className="min-w-0 flex-1 truncate font-mono" title={conversation.data.email_address}>
            {conversation.data.email_address}
          </code>
          <CopyButton text={conversation.data.email_address} onCopied={() => notify('Email address copied!', 'success')} />
        </div>
      )}
      {body}
      <Composer
        onSend={onSend}
        onStop={() => conversationId && stopStreaming(conversationId)}
        disabled={inputDisabled}
        streaming={sendState.streaming}
      />
    </div>
  );
}
