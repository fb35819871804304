import { useState } from 'react';
import { Search, Ticket as TicketIcon } from 'lucide-react';
import type { Ticket } from '@console/contract/tickets';
import { useCurrentBrand } from '../../session/hooks';
import { Badge } from '../../ui/Badge';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorState } from '../../ui/ErrorState';
import { RefreshButton } from '../../ui/RefreshButton';
import { LoadingState } from '../../ui/Spinner';
import { StatusBadge } from '../../ui/StatusBadge';
import { statusTone } from '../../ui/StatusBadge';
import { formatDate } from '../../ui/format';
import { useTicketList } from './api';
import { TICKET_TEXT, filterTickets, priorityLabel, shortId, subjectLabel } from './ticket-display';

/** SPEC §2 Tickets panel: the brand's open tickets (page 1 of 50), searchable by subject, id and status. */
export function TicketsPanel() {
  const brand = useCurrentBrand();
  const [search, setSearch] = useState('');
  const list = useTicketList(brand?.id);

  if (!brand) return <EmptyState icon={TicketIcon} title={TICKET_TEXT.noBrand} />;

  const tickets = list.data?.tickets ?? [];
  const shown = filterTickets(tickets, search);

  return (
    <div className="flex flex-col gap-3 p-4">
      <div className="flex items-center gap-2">
        <label className="relative min-w-0 flex-1">
          <span className="sr-only">Search tickets</span>
          <Search aria-hidden="true" size={16} className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-slate-400" />
          <input
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder={TICKET_TEXT.searchPlaceholder}
            className="input pl-9"
          />
        </label>
        <RefreshButton onRefresh={() => void list.refetch()} busy={list.isFetching} />
      </div>

      {list.isPending ? (
        <LoadingState label="Loading tickets" />
      ) : list.isError ? (
        <ErrorState message={TICKET_TEXT.loadFailed} onRetry={() => void list.refetch()} />
      ) : shown.length === 0 ? (
        <EmptyState icon={TicketIcon} title={search.trim() ? TICKET_TEXT.noMatches : TICKET_TEXT.empty} />
      ) : (
        <ul className="divide-y divide-slate-200 overflow-hidden rounded-lg border border-slate-200 bg-white" aria-label="Tickets">
          {shown.map((ticket) => (
            <TicketRow key={ticket.id} ticket={ticket} />
          ))}
        </ul>
      )}
    </div>
  );
}

export function TicketRow({ ticket }: { ticket: Ticket }) {
  const priority = priorityLabel(ticket);
  return (
    <li className="flex flex-col gap-1.5 px-3 py-3 sm:px-4" data-testid="ticket-row">
      <div className="flex items-center gap-2 text-xs text-slate-500">
        <span className="font-mono" title={ticket.id}>
          #{shortId(ticket.id)}
        </span>
        <Badge tone={statusTone(priority)} className="capitalize">
          {priority}
        </Badge>
        <span className="ml-auto shrink-0">{formatDate(ticket.created_at)}</span>
      </div>
      <div className="flex items-start gap-2">
        <p className="min-w-0 flex-1 truncate text-sm font-medium text-slate-900" data-testid="ticket-subject">{subjectLabel(ticket)}</p>
        <StatusBadge status={ticket.status} />
      </div>
      {ticket.customer_email && <p className="truncate text-xs text-slate-500">{ticket.customer_email}</p>}
    </li>
  );
}
