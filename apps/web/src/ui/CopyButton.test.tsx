import { COPY_FEEDBACK_MS } from '@console/contract/limits';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CopyButton } from './CopyButton';

describe('CopyButton', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("copies the text and shows 'Copied!' for 2 s", async () => {
    vi.useFakeTimers();
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const onCopied = vi.fn();
    render(<CopyButton text="abc@chat.acme.test" onCopied={onCopied} />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    });
    expect(writeText).toHaveBeenCalledWith('abc@chat.acme.test');
    expect(onCopied).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Copied!' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(COPY_FEEDBACK_MS));
    expect(screen.getByRole('button', { name: 'Copy' })).toBeInTheDocument();
  });
});
