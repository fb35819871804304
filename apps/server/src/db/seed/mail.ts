import { insertEmail } from '../../modules/mail/queries';
import { previewOf } from '../../modules/mail/service';
import type { DemoBrandName } from './identity';
import type { SeedContext } from './types';

const HOUR = 60 * 60_000;

interface DemoMail {
  folder: 'inbox' | 'sent' | 'drafts' | 'archive';
  from: [string, string | null];
  to: string;
  subject: string;
  text: string;
  hoursAgo: number;
  read: boolean;
  attachment?: { filename: string; contentType: string; content: string };
}

/** Each brand's mailbox: mails in every folder, some unread, one with an attachment (CONTRACT §Running). */
function demoMails(brand: DemoBrandName): DemoMail[] {
  const domain = { 'Acme Robotics': 'acme.example', 'Globex Support': 'globex.example', Initech: 'initech.example' }[brand];
  const support = `support@${domain}`;
  return [
    {
      folder: 'inbox',
      from: ['olivia@northwind.example', 'Olivia Chen'],
      to: support,
      subject: 'Invoice for October attached',
      text: 'Hi,\n\nPlease find our October invoice attached. Payment terms are net 30 as agreed.\n\nBest regards,\nOlivia',
      hoursAgo: 3,
      read: false,
      attachment: { filename: 'invoice-2026-10.pdf', contentType: 'application/pdf', content: '%PDF-1.4\n% demo invoice\n' },
    },
    {
      folder: 'inbox',
      from: ['marcus@contoso.example', 'Marcus Webb'],
      to: support,
      subject: 'Cannot sign in after password reset',
      text: 'Hello support team,\n\nSince resetting my password yesterday I get "invalid credentials" on every attempt. Could you take a look?\n\nThanks,\nMarcus',
      hoursAgo: 9,
      read: false,
    },
    {
      folder: 'inbox',
      from: ['alerts@statuspage.example', 'Status alerts'],
      to: support,
      subject: 'Scheduled maintenance this weekend',
      text: 'Our data centre provider will perform network maintenance on Saturday between 02:00 and 04:00 UTC. Short interruptions are possible.',
      hoursAgo: 30,
      read: false,
    },
    {
      folder: 'inbox',
      from: ['priya@fabrikam.example', 'Priya Nair'],
      to: support,
      subject: 'Feature request: export to CSV',
      text: 'Hi there,\n\nIt would help our finance team a lot if reports could be exported as CSV. Is this on your roadmap?\n\nPriya',
      hoursAgo: 3 * 24,
      read: true,
    },
    {
      folder: 'inbox',
      from: ['tom@adatum.example', 'Tom Baker'],
      to: support,
      subject: 'Thanks for the quick fix',
      text: 'Just wanted to say thanks, the dashboard is loading fast again.',
      hoursAgo: 6 * 24,
      read: true,
    },
    {
      folder: 'inbox',
      from: ['lena@tailspin.example', 'Lena Fischer'],
      to: support,
      subject: 'Question about the Professional plan',
      text: 'Does the Professional plan include priority support on weekends?',
      hoursAgo: 11 * 24,
      read: true,
    },
    {
      folder: 'inbox',
      from: ['noreply@billing.example', null],
      to: support,
      subject: 'Your receipt',
      text: 'Thank you for your payment. This is your receipt for the last billing period.',
      hoursAgo: 19 * 24,
      read: true,
    },
    {
      folder: 'sent',
      from: [support, `${brand} Support`],
      to: 'priya@fabrikam.example',
      subject: 'Re: Feature request: export to CSV',
      text: 'Hi Priya,\n\nThanks for the suggestion. CSV export is planned for next quarter; we will let you know when it ships.\n\nBest,\nThe support team',
      hoursAgo: 2 * 24,
      read: true,
    },
    {
      folder: 'sent',
      from: [support, `${brand} Support`],
      to: 'tom@adatum.example',
      subject: 'Re: Dashboard is slow',
      text: 'Hi Tom,\n\nWe deployed a fix for the slow dashboard. Please let us know if it is fast again on your side.',
      hoursAgo: 7 * 24,
      read: true,
    },
    {
      folder: 'drafts',
      from: [support, `${brand} Support`],
      to: 'marcus@contoso.example',
      subject: 'Re: Cannot sign in after password reset',
      text: 'Hi Marcus,\n\nSorry for the trouble. Could you tell us which browser you are using?',
      hoursAgo: 5,
      read: true,
    },
    {
      folder: 'archive',
      from: ['hello@newsletter.example', 'Product newsletter'],
      to: support,
      subject: 'What is new in November',
      text: 'Dark mode, faster search and a new mobile layout: here is everything that shipped this month.',
      hoursAgo: 14 * 24,
      read: true,
    },
    {
      folder: 'archive',
      from: ['sam@litware.example', 'Sam Ortiz'],
      to: support,
      subject: 'Contract renewal',
      text: 'Hi,\n\nWe would like to renew our contract for another year. Please send the paperwork.',
      hoursAgo: 25 * 24,
      read: false,
    },
  ];
}

/** Seed step: a realistic mailbox for every demo brand. */
export async function seedMail(seed: SeedContext) {
  const now = seed.clock.now().getTime();
  for (const [brand, brandId] of Object.entries(seed.brands) as Array<[DemoBrandName, string]>) {
    for (const mail of demoMails(brand)) {
      await insertEmail(seed.db, {
        brandId,
        folder: mail.folder,
        fromAddress: mail.from[0],
        fromName: mail.from[1],
        toAddresses: [mail.to],
        subject: mail.subject,
        textBody: mail.text,
        preview: previewOf(mail.text),
        read: mail.read,
        messageId: null,
        auth: mail.folder === 'inbox' || mail.folder === 'archive' ? { spf: 'pass', dkim: 'pass', dmarc: 'pass' } : null,
        receivedAt: new Date(now - mail.hoursAgo * HOUR),
        attachments: mail.attachment ? [{ filename: mail.attachment.filename, contentType: mail.attachment.contentType, content: Buffer.from(mail.attachment.content) }] : [],
      });
    }
  }
}
