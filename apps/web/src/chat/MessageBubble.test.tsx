import type { Message } from '@console/contract/chat';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MessageBubble } from './MessageBubble';

const saved = (content: string, metadata: Record<string, unknown> = {}): Message => ({
  id: 'm1',
  role: 'assistant',
  content,
  source: 'chat',
  metadata,
  created_at: '2026-11-22T10:00:00Z',
});

const local = (content: string, done: boolean) => ({ id: 'temp-1', role: 'assistant' as const, content, created_at: '2026-11-22T10:00:00Z', done });

function bubble(message: Parameters<typeof MessageBubble>[0]['message']) {
  return render(<MessageBubble message={message} />).container;
}

describe('an assistant reply cut short', () => {
  it('renders open bold and code as they will end while the reply streams in', () => {
    const bold = bubble(local('Use the **teach pendant', false));
    expect(bold.querySelector('strong')?.textContent).toBe('teach pendant');
    expect(bold.textContent).not.toContain('**');
    const code = bubble(local('Then run `npm st', false));
    expect(code.querySelector('code')?.textContent).toBe('npm st');
  });

  it('shows a link whose address has not arrived yet as its text', () => {
    const html = bubble(local('See [the calibration guide](https://docs.exa', false));
    expect(html.querySelector('a')).toBeNull();
    expect(html.textContent).toContain('the calibration guide');
    expect(html.textContent).not.toContain('](');
  });

  it('closes an open code fence so the code shows as a block', () => {
    const html = bubble(local('Run:\n```sh\nnpm start', false));
    expect(html.querySelector('pre code')?.textContent).toContain('npm start');
  });

  it('does the same for a saved reply that was stopped midway', () => {
    const html = bubble(saved('I could not find an article in the **Acme', { interrupted: true }));
    expect(html.querySelector('strong')?.textContent).toBe('Acme');
  });

  it('leaves a finished reply exactly as written', () => {
    const html = bubble(saved('Multiply 2 * 3 and keep the **'));
    expect(html.textContent).toContain('2 * 3 and keep the **');
    expect(html.querySelector('strong, em')).toBeNull();
  });
});
