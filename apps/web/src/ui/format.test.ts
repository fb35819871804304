import { describe, expect, it } from 'vitest';
import { formatCurrency, formatLastSeen } from './format';

describe('formatCurrency', () => {
  it('formats USD in en-US', () => {
    expect(formatCurrency(1234.5)).toBe('$1,234.50');
    expect(formatCurrency(0)).toBe('$0.00');
  });
});

describe('formatLastSeen (SPEC §4)', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

  it('says Never without a time, Just now under a minute, then minutes, hours and days', () => {
    expect(formatLastSeen(null, now)).toBe('Never');
    expect(formatLastSeen(ago(59_000), now)).toBe('Just now');
    expect(formatLastSeen(ago(5 * 60_000), now)).toBe('5m ago');
    expect(formatLastSeen(ago(59 * 60_000), now)).toBe('59m ago');
    expect(formatLastSeen(ago(3 * 3_600_000), now)).toBe('3h ago');
    expect(formatLastSeen(ago(50 * 3_600_000), now)).toBe('2d ago');
  });
});
