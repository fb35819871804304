/**
 * Lines that start the quoted history of a reply (CONTRACT §Mail: quoted reply history trimmed).
 * Everything from the first of them on is dropped.
 */
const HISTORY_MARKERS: RegExp[] = [
  // Gmail, Apple Mail, Thunderbird: "On Tue, 3 Nov 2026 at 10:00, Jane <jane@example.com> wrote:"
  /^On\s.{0,300}\swrote:\s*$/i,
  /^Le\s.{0,300}\sa écrit\s*:\s*$/i,
  /^Am\s.{0,300}\sschrieb.{0,100}:\s*$/i,
  /^El\s.{0,300}\sescribió:\s*$/i,
  // Outlook
  /^-{2,}\s*Original Message\s*-{2,}\s*$/i,
  /^-{2,}\s*Forwarded message\s*-{2,}\s*$/i,
  /^_{20,}\s*$/,
  /^From:\s.+$/i,
];

/** Outlook's "From: … / Sent: …" block only counts as history when a Sent/Date line follows. */
function isOutlookHeaderBlock(lines: string[], i: number): boolean {
  return /^(Sent|Date):\s/i.test(lines[i + 1]?.trim() ?? '') || /^(Sent|Date):\s/i.test(lines[i + 2]?.trim() ?? '');
}

/**
 * The new text of a reply: cuts the quoted history (an attribution line, an Outlook header block,
 * or a trailing run of `>` lines) and trims trailing blank lines. A mail that is only a quote keeps
 * its text, so nothing an author wrote is lost.
 */
export function trimQuotedHistory(text: string): string {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  let cut = lines.length;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].trim();
    const marker = HISTORY_MARKERS.find((re) => re.test(line));
    if (!marker) continue;
    if (marker.source.startsWith('^From:') && !isOutlookHeaderBlock(lines, i)) continue;
    cut = i;
    break;
  }
  // A trailing run of quoted lines (and blank lines between them) is history as well.
  let end = cut;
  while (end > 0 && (/^\s*>/.test(lines[end - 1]) || lines[end - 1].trim() === '')) end--;
  const kept = lines.slice(0, end).join('\n').trim();
  return kept === '' ? text.trim() : kept;
}
