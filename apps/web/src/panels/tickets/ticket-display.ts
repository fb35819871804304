import { DEFAULT_TICKET_PRIORITY_LABEL, DEFAULT_TICKET_SUBJECT, SHORT_ID_LENGTH, type Ticket } from '@console/contract/tickets';

/** SPEC §2 texts of the Tickets panel. */
export const TICKET_TEXT = {
  searchPlaceholder: 'Search tickets...',
  noMatches: 'No tickets found',
  empty: 'No tickets yet',
  noBrand: 'No brand selected',
  loadFailed: 'Failed to load tickets. Please try again.',
} as const;

/** SPEC §2: the first 8 characters of the id. */
export function shortId(id: string): string {
  return id.slice(0, SHORT_ID_LENGTH);
}

export function priorityLabel(ticket: Pick<Ticket, 'priority'>): string {
  return ticket.priority || DEFAULT_TICKET_PRIORITY_LABEL;
}

export function subjectLabel(ticket: Pick<Ticket, 'subject'>): string {
  return ticket.subject?.trim() || DEFAULT_TICKET_SUBJECT;
}

/** SPEC §2: the search matches subject, id and status (case-insensitive). */
export function filterTickets<T extends Pick<Ticket, 'id' | 'subject' | 'status'>>(tickets: readonly T[], search: string): T[] {
  const needle = search.trim().toLowerCase();
  if (!needle) return [...tickets];
  return tickets.filter(
    (t) => (t.subject ?? '').toLowerCase().includes(needle) || t.id.toLowerCase().includes(needle) || t.status.toLowerCase().includes(needle),
  );
}
