import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ConfirmHost, confirmAction } from './confirm';

const TEXT = 'Are you sure you want to remove this domain?';

describe('confirmAction', () => {
  it('shows the exact text and resolves true on OK', async () => {
    render(<ConfirmHost />);
    let answer: Promise<boolean> | undefined;
    act(() => {
      answer = confirmAction(TEXT);
    });
    expect(screen.getByRole('alertdialog')).toHaveTextContent(TEXT);
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    await expect(answer).resolves.toBe(true);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('resolves false on Cancel and on Escape', async () => {
    render(<ConfirmHost />);
    let answer: Promise<boolean> | undefined;
    act(() => {
      answer = confirmAction(TEXT);
    });
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await expect(answer).resolves.toBe(false);
    act(() => {
      answer = confirmAction(TEXT);
    });
    await userEvent.keyboard('{Escape}');
    await expect(answer).resolves.toBe(false);
  });
});
