import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NotificationBadge, formatBadgeCount } from './NotificationBadge';

describe('NotificationBadge', () => {
  it("caps counts above 99 at '99+'", () => {
    expect(formatBadgeCount(99)).toBe('99');
    expect(formatBadgeCount(100)).toBe('99+');
    render(<NotificationBadge count={250} />);
    expect(screen.getByTestId('notification-badge')).toHaveTextContent('99+');
  });

  it('shows the exact count up to 99', () => {
    render(<NotificationBadge count={7} />);
    expect(screen.getByTestId('notification-badge')).toHaveTextContent('7');
  });

  it('shows nothing for zero or an unknown count', () => {
    const { container, rerender } = render(<NotificationBadge count={0} />);
    expect(container).toBeEmptyDOMElement();
    rerender(<NotificationBadge count={undefined} />);
    expect(container).toBeEmptyDOMElement();
  });
});
