import { SLIDE_OVER_CLEAR_MS } from '@console/contract/limits';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SlideOver } from './SlideOver';

describe('SlideOver', () => {
  afterEach(() => vi.useRealTimers());

  it('keeps showing its content while closing and clears it after 300 ms', () => {
    vi.useFakeTimers();
    const { rerender } = render(
      <SlideOver open onClose={() => undefined} title="Job 1234">
        <p>Payload details</p>
      </SlideOver>,
    );
    expect(screen.getByText('Payload details')).toBeInTheDocument();
    rerender(
      <SlideOver open={false} onClose={() => undefined} title="">
        {null}
      </SlideOver>,
    );
    act(() => vi.advanceTimersByTime(SLIDE_OVER_CLEAR_MS - 10));
    expect(screen.getByText('Payload details')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(20));
    expect(screen.queryByText('Payload details')).not.toBeInTheDocument();
  });
});
