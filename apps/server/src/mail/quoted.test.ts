import { describe, expect, it } from 'vitest';
import { trimQuotedHistory } from './quoted';

describe('trimQuotedHistory', () => {
  it('cuts a Gmail/Apple attribution line and everything after it', () => {
    const text = 'Sounds good, thanks!\n\nOn Tue, 3 Nov 2026 at 10:00, Jane <jane@example.com> wrote:\n> Shall we meet?\n> Jane';
    expect(trimQuotedHistory(text)).toBe('Sounds good, thanks!');
  });

  it('cuts an Outlook header block only when a Sent or Date line follows From', () => {
    const outlook = 'Yes, please go ahead.\r\n\r\nFrom: Support <help@acme.test>\r\nSent: Monday, November 2, 2026 10:00\r\nTo: me\r\nSubject: Re: order\r\n\r\nOld text';
    expect(trimQuotedHistory(outlook)).toBe('Yes, please go ahead.');
    const notHistory = 'From: the warehouse team we heard the part shipped.\nThanks';
    expect(trimQuotedHistory(notHistory)).toBe(notHistory);
  });

  it('cuts Original Message separators and trailing quoted lines', () => {
    expect(trimQuotedHistory('New text\n\n-----Original Message-----\nold')).toBe('New text');
    expect(trimQuotedHistory('Reply here\n\n> quoted one\n>\n> quoted two\n')).toBe('Reply here');
  });

  it('keeps inline quotes followed by new text', () => {
    const text = '> Is it broken?\nYes, since Monday.';
    expect(trimQuotedHistory(text)).toBe(text);
  });

  it('keeps a mail that is only a quote rather than losing it', () => {
    expect(trimQuotedHistory('> only quoted text')).toBe('> only quoted text');
  });
});
