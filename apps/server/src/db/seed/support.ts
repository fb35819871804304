import type { ArticleStatus, KnowledgeCategory } from '@console/contract/knowledge';
import type { TicketPriority, TicketStatus } from '@console/contract/tickets';
import { knowledgeArticles, tickets } from '../schema/index';
import type { DemoBrandName } from './identity';
import type { SeedContext } from './types';

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

/** Deterministic pseudo-random numbers, so every demo looks the same. */
function sequence(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

interface BrandTheme {
  customers: string[];
  subjects: string[];
  articles: Array<{ title: string; category: KnowledgeCategory; tags: string[]; content: string }>;
}

const THEMES: Record<DemoBrandName, BrandTheme> = {
  'Acme Robotics': {
    customers: ['ops@foundry.example', 'li.wei@assembly.example', 'maria@warehouse.example', 'jon@packworks.example', 'it@megafab.example'],
    subjects: [
      'Robot arm stops mid-cycle',
      'Gripper loses calibration after restart',
      'Firmware 4.2 update failed',
      'Teach pendant screen frozen',
      'Emergency stop does not reset',
      'Conveyor sync drifting by 2 cm',
      'Request: extra training seats',
      'Vision camera cannot find fiducials',
      'Invoice question for service contract',
      'Spare parts lead time',
      'Collision detection too sensitive',
      'Battery pack not charging on AMR-7',
    ],
    articles: [
      { title: 'Unboxing and installing your first robot arm', category: 'getting-started', tags: ['setup', 'hardware', 'safety', 'install'], content: 'Remove the arm from its crate with two people. Bolt the base to a level surface, connect the controller cable and power it on. The status LED turns green when the self-test passes.' },
      { title: 'Connecting the teach pendant', category: 'getting-started', tags: ['pendant', 'setup'], content: 'Plug the pendant into the controller port marked TP. Pair it from Settings > Devices and set an operator PIN.' },
      { title: 'Resetting an emergency stop', category: 'troubleshooting', tags: ['safety', 'e-stop', 'reset'], content: 'Twist the red button clockwise to release it, then press Reset on the pendant. If the controller still reports a fault, power-cycle it and check the safety loop wiring.' },
      { title: 'Gripper calibration drifts after restart', category: 'troubleshooting', tags: ['gripper', 'calibration', 'firmware', 'sensors', 'drift'], content: 'Run the calibration wizard with the gripper empty. Firmware 4.1 and later store the offsets permanently; update if you are on an older release.' },
      { title: 'Motion API: moving to a waypoint', category: 'api-docs', tags: ['api', 'motion'], content: 'POST /v1/motion/waypoints with x, y, z and speed. Send your brand API key in the X-API-Key header. Moves are queued and executed in order.' },
      { title: 'Webhooks for job status', category: 'api-docs', tags: ['api', 'webhooks', 'jobs'], content: 'Register a URL to receive job.started, job.completed and job.failed events. Each request is signed with an HMAC of the body.' },
      { title: 'Teaching a pick-and-place path', category: 'tutorials', tags: ['tutorial', 'pick-and-place', 'pendant'], content: 'Record waypoints with the teach pendant, add a gripper close action at the pick point and an open action at the place point, then run the path at 10% speed to check it.' },
      { title: 'Palletizing with the pattern builder', category: 'tutorials', tags: ['tutorial', 'palletizing'], content: 'Choose a pallet size, a box size and a layer pattern. The builder computes every waypoint and the approach height.' },
      { title: 'Safety zones (draft)', category: 'getting-started', tags: ['safety'], content: 'Define keep-out zones around operators. Work in progress.' },
      { title: 'Vision camera troubleshooting', category: 'troubleshooting', tags: ['vision', 'camera'], content: 'Clean the lens, check the lighting and re-run fiducial detection. Reflective parts need a polarising filter.' },
      { title: 'Legacy controller API v0', category: 'api-docs', tags: ['api', 'legacy'], content: 'The v0 API is retired. Use the Motion API instead.' },
      { title: 'Scheduling maintenance windows', category: 'tutorials', tags: ['maintenance'], content: 'Plan a maintenance window every 2,000 operating hours to grease joints and check belts.' },
    ],
  },
  'Globex Support': {
    customers: ['hank@cypress.example', 'frank@globex-client.example', 'support@plasticorp.example', 'ana@retailer.example', 'dev@startup.example'],
    subjects: [
      'Cannot sign in after password reset',
      'SSO login loops back to the start page',
      'Export to CSV times out',
      'Billing address change',
      'Webhook deliveries delayed',
      'Two-factor codes not arriving',
      'Feature request: dark mode',
      'Dashboard widgets empty since Monday',
      'API rate limit increase',
      'Account deletion request',
      'Search results missing recent records',
      'Mobile app crashes on launch',
    ],
    articles: [
      { title: 'Creating your Globex account', category: 'getting-started', tags: ['account', 'onboarding'], content: 'Sign up with your work email, confirm the link we send you and invite your team from Settings > Members.' },
      { title: 'Inviting your team', category: 'getting-started', tags: ['team', 'invites', 'roles', 'onboarding'], content: 'Owners and admins can invite members and choose a role: viewer, editor or admin.' },
      { title: 'Fixing single sign-on loops', category: 'troubleshooting', tags: ['sso', 'login', 'saml'], content: 'A login loop usually means the identity provider sends the wrong audience URL. Compare the ACS URL in both systems and clear your cookies.' },
      { title: 'Two-factor codes not arriving', category: 'troubleshooting', tags: ['2fa', 'sms'], content: 'Check that the phone number includes the country code. Authenticator apps are more reliable than SMS.' },
      { title: 'REST API authentication', category: 'api-docs', tags: ['api', 'auth', 'keys'], content: 'Every request carries your API key in the X-API-Key header. Keys can be regenerated by the brand owner at any time.' },
      { title: 'Pagination in list endpoints', category: 'api-docs', tags: ['api', 'pagination'], content: 'List endpoints accept page and limit (at most 100) and return pagination.total.' },
      { title: 'Building a support dashboard', category: 'tutorials', tags: ['dashboard', 'reports', 'tutorial', 'metrics', 'charts'], content: 'Combine the ticket count, the unread mail count and the team list into one view that refreshes every 30 seconds.' },
      { title: 'Automating replies with macros', category: 'tutorials', tags: ['macros', 'automation'], content: 'Macros insert saved replies and set the ticket status in one click.' },
      { title: 'Exporting data to CSV', category: 'tutorials', tags: ['export', 'csv'], content: 'Exports run in the background; large ones are emailed to you as a download link.' },
      { title: 'Data retention policy (review)', category: 'getting-started', tags: ['policy', 'privacy'], content: 'Tickets are kept for seven years unless deleted by an admin.' },
      { title: 'Old webhook format', category: 'api-docs', tags: ['webhooks', 'legacy'], content: 'The v1 webhook payload is no longer sent.' },
      { title: 'Mobile app crash on launch', category: 'troubleshooting', tags: ['mobile', 'ios', 'android'], content: 'Update to the latest version, then sign out and in again. Reinstall if the crash persists.' },
    ],
  },
  Initech: {
    customers: ['bill.lumbergh@initech.example', 'milton@initech.example', 'tom@initech.example', 'nina@bobs.example', 'joanna@chotchkies.example'],
    subjects: [
      'PC LOAD LETTER on the 3rd floor printer',
      'TPS report cover sheet missing',
      'Red stapler requisition',
      'Y2K patch for the banking module',
      'Cannot access shared drive',
      'Printer jams on every second page',
      'Fax machine dialing the wrong number',
      'New hire laptop setup',
      'VPN disconnects every hour',
      'Calendar invites show the wrong time zone',
      'Meeting room projector no signal',
      'Password expiry reminder emails',
    ],
    articles: [
      { title: 'Your first day at Initech', category: 'getting-started', tags: ['onboarding', 'hr'], content: 'Collect your badge at reception, pick up your laptop from IT and read the TPS report guidelines.' },
      { title: 'Filing a TPS report', category: 'getting-started', tags: ['tps', 'reports', 'forms'], content: 'Every TPS report needs the new cover sheet. Templates are on the shared drive under Forms.' },
      { title: 'PC LOAD LETTER: what it means', category: 'troubleshooting', tags: ['printer', 'paper', 'errors', 'hardware'], content: 'The printer wants letter-size paper in tray 1. Load letter paper, close the tray and press Continue.' },
      { title: 'VPN keeps disconnecting', category: 'troubleshooting', tags: ['vpn', 'network'], content: 'Switch the VPN client to TCP mode and disable power saving on the network adapter.' },
      { title: 'Banking module interest API', category: 'api-docs', tags: ['api', 'banking', 'rounding'], content: 'The interest endpoint returns amounts in cents. Fractions of a cent are rounded half-even.' },
      { title: 'Printer fleet API', category: 'api-docs', tags: ['api', 'printers'], content: 'GET /printers lists every printer with its tray status and toner level.' },
      { title: 'Setting up the shared drive on macOS', category: 'tutorials', tags: ['tutorial', 'shared-drive', 'macos'], content: 'Open Finder, choose Go > Connect to Server and enter smb://files.initech.example.' },
      { title: 'Booking a meeting room', category: 'tutorials', tags: ['calendar', 'rooms'], content: 'Add the room as a guest to your calendar invite; the room accepts automatically when free.' },
      { title: 'Y2K readiness checklist', category: 'troubleshooting', tags: ['y2k', 'legacy', 'dates'], content: 'Search for two-digit year fields and widen them to four digits.' },
      { title: 'Stapler policy', category: 'getting-started', tags: ['office', 'supplies'], content: 'Staplers are issued by facilities. Red staplers are not standard issue.' },
      { title: 'Fax machine quick guide', category: 'tutorials', tags: ['fax'], content: 'Dial 9 for an outside line, then the number, then press Start.' },
      { title: 'Legacy mainframe access', category: 'api-docs', tags: ['mainframe', 'legacy'], content: 'Mainframe access is being retired.' },
    ],
  },
};

const STATUSES: TicketStatus[] = ['open', 'pending', 'resolved', 'closed'];
const PRIORITIES: Array<TicketPriority | null> = ['high', 'urgent', 'medium', 'low', null];
const ARTICLE_STATUSES: ArticleStatus[] = ['published', 'published', 'published', 'draft', 'pending', 'archived'];

/**
 * Demo tickets and knowledge articles (issue 5 §6): in each demo brand, tickets of every status and
 * priority spread over the last 30 days (more in the last week, so trends are non-zero), and
 * articles in every category and status with tags.
 */
export async function seedSupport(seed: SeedContext) {
  const now = seed.clock.now().getTime();
  const brandNames = Object.keys(THEMES) as DemoBrandName[];
  for (const [b, name] of brandNames.entries()) {
    const brandId = seed.brands[name];
    const theme = THEMES[name];
    const rand = sequence(42 + b);
    const ticketCount = 36 + b * 4;
    const ticketRows: Array<typeof tickets.$inferInsert> = [];
    for (let i = 0; i < ticketCount; i++) {
      // Every status and priority appear: cycle through them, then vary the rest.
      const status = i < STATUSES.length ? STATUSES[i] : STATUSES[Math.floor(rand() * (rand() < 0.4 ? 1 : STATUSES.length))];
      const priority = i < PRIORITIES.length ? PRIORITIES[i] : PRIORITIES[Math.floor(rand() * PRIORITIES.length)];
      // Skewed towards recent days: about half in the last 7 days.
      const ageDays = i % 2 === 0 ? rand() * 7 : rand() * 30;
      const createdAt = new Date(now - ageDays * DAY - Math.floor(rand() * HOUR));
      const updatedAt = status === 'open' ? createdAt : new Date(Math.min(now, createdAt.getTime() + rand() * 3 * DAY));
      ticketRows.push({
        brandId,
        subject: i === 7 ? null : theme.subjects[i % theme.subjects.length],
        description: 'Reported by the customer through the support form.',
        status,
        priority,
        customerEmail: theme.customers[i % theme.customers.length],
        createdAt,
        updatedAt,
      });
    }
    await seed.db.insert(tickets).values(ticketRows);

    const articleRows: Array<typeof knowledgeArticles.$inferInsert> = theme.articles.map((a, i) => {
      const createdAt = new Date(now - (2 + rand() * 28) * DAY);
      const status: ArticleStatus = i < 4 ? (['published', 'draft', 'pending', 'archived'] as const)[i] : ARTICLE_STATUSES[Math.floor(rand() * ARTICLE_STATUSES.length)];
      return {
        brandId,
        title: a.title,
        content: a.content,
        excerpt: a.content.length > 120 ? a.content.slice(0, 117).trimEnd() + '…' : a.content,
        status,
        category: a.category,
        views: status === 'published' ? Math.floor(rand() * 900) : 0,
        tags: a.tags,
        createdAt,
        updatedAt: new Date(Math.min(now, createdAt.getTime() + rand() * 5 * DAY)),
      };
    });
    // One article without a title, shown as 'Untitled Article'.
    articleRows.push({ brandId, title: null, content: 'Notes to turn into an article.', excerpt: null, status: 'draft', category: 'tutorials', tags: [], createdAt: new Date(now - DAY), updatedAt: new Date(now - DAY) });
    await seed.db.insert(knowledgeArticles).values(articleRows);
  }
}
