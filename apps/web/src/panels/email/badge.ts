import { useLiveEvents } from '../../api/events';
import { useCurrentBrand } from '../../session/hooks';
import { useUnreadMail } from './api';

/**
 * Toolbar badge of the Email panel (SPEC §2): unread inbox mails, polled every 30 s (SPEC §9) and
 * refreshed at once by live events. The toolbar is always shown while signed in, so this hook also
 * keeps the brand's live events stream open (shared with any other user of `useLiveEvents`).
 */
export function useBadge(): number | undefined {
  const brand = useCurrentBrand();
  useLiveEvents();
  const unread = useUnreadMail(brand?.id);
  return unread.data?.count;
}
