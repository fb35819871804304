import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { detectSwipe, useSwipe, type SwipeOptions } from './use-swipe';

describe('detectSwipe (SPEC §9: 50 px within 300 ms)', () => {
  const at = (x: number, time: number, y = 0) => ({ x, y, time });

  it('recognises a right and a left swipe of at least 50 px within 300 ms', () => {
    expect(detectSwipe(at(10, 0), at(60, 300))).toBe('right');
    expect(detectSwipe(at(200, 0), at(120, 100))).toBe('left');
  });

  it('ignores moves shorter than 50 px', () => {
    expect(detectSwipe(at(10, 0), at(59, 100))).toBeNull();
  });

  it('ignores moves slower than 300 ms', () => {
    expect(detectSwipe(at(10, 0), at(200, 301))).toBeNull();
  });

  it('ignores mostly vertical moves', () => {
    expect(detectSwipe(at(10, 0, 0), at(70, 100, 120))).toBeNull();
  });
});

function SwipeArea(options: SwipeOptions) {
  const handlers = useSwipe(options);
  return <div data-testid="area" {...handlers} />;
}

function swipe(element: HTMLElement, fromX: number, toX: number, ms: number) {
  const now = vi.spyOn(Date, 'now');
  now.mockReturnValue(1_000);
  fireEvent.touchStart(element, { touches: [{ clientX: fromX, clientY: 100 }] });
  now.mockReturnValue(1_000 + ms);
  fireEvent.touchEnd(element, { changedTouches: [{ clientX: toX, clientY: 100 }] });
}

describe('useSwipe', () => {
  afterEach(() => vi.restoreAllMocks());

  it('calls onSwipeRight and onSwipeLeft for quick horizontal swipes', () => {
    const onSwipeLeft = vi.fn();
    const onSwipeRight = vi.fn();
    render(<SwipeArea onSwipeLeft={onSwipeLeft} onSwipeRight={onSwipeRight} />);
    swipe(screen.getByTestId('area'), 20, 120, 150);
    expect(onSwipeRight).toHaveBeenCalledTimes(1);
    swipe(screen.getByTestId('area'), 300, 200, 150);
    expect(onSwipeLeft).toHaveBeenCalledTimes(1);
  });

  it('does nothing for a slow drag', () => {
    const onSwipeRight = vi.fn();
    render(<SwipeArea onSwipeRight={onSwipeRight} />);
    swipe(screen.getByTestId('area'), 20, 200, 400);
    expect(onSwipeRight).not.toHaveBeenCalled();
  });

  it('does nothing when disabled', () => {
    const onSwipeRight = vi.fn();
    render(<SwipeArea onSwipeRight={onSwipeRight} enabled={false} />);
    swipe(screen.getByTestId('area'), 20, 200, 100);
    expect(onSwipeRight).not.toHaveBeenCalled();
  });
});
