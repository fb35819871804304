import { SWIPE_MAX_MS, SWIPE_MIN_PX } from '@console/contract/limits';
import { useRef, type TouchEvent } from 'react';

export type SwipeDirection = 'left' | 'right';

export interface TouchPoint {
  x: number;
  y: number;
  /** Milliseconds. */
  time: number;
}

/**
 * SPEC §2/§9: a swipe is a mostly horizontal move of at least SWIPE_MIN_PX
 * within SWIPE_MAX_MS; anything else (slow drags, vertical scrolls) is not.
 */
export function detectSwipe(start: TouchPoint, end: TouchPoint): SwipeDirection | null {
  const dx = end.x - start.x;
  const dy = end.y - start.y;
  const elapsed = end.time - start.time;
  if (elapsed > SWIPE_MAX_MS || elapsed < 0) return null;
  if (Math.abs(dx) < SWIPE_MIN_PX || Math.abs(dx) <= Math.abs(dy)) return null;
  return dx > 0 ? 'right' : 'left';
}

export interface SwipeOptions {
  onSwipeLeft?: () => void;
  onSwipeRight?: () => void;
  /** When false the handlers do nothing (e.g. on wide screens). */
  enabled?: boolean;
}

export interface SwipeHandlers {
  onTouchStart: (event: TouchEvent) => void;
  onTouchEnd: (event: TouchEvent) => void;
  onTouchCancel: () => void;
}

/** Touch handlers to spread on an element; they call back on a left or right swipe. */
export function useSwipe({ onSwipeLeft, onSwipeRight, enabled = true }: SwipeOptions): SwipeHandlers {
  const start = useRef<TouchPoint | null>(null);
  const callbacks = useRef({ onSwipeLeft, onSwipeRight, enabled });
  callbacks.current = { onSwipeLeft, onSwipeRight, enabled };
  const handlers = useRef<SwipeHandlers>({
    onTouchStart(event) {
      const touch = event.touches[0];
      start.current = touch && event.touches.length === 1 ? { x: touch.clientX, y: touch.clientY, time: Date.now() } : null;
    },
    onTouchEnd(event) {
      const from = start.current;
      start.current = null;
      const touch = event.changedTouches[0];
      if (!from || !touch || !callbacks.current.enabled) return;
      const direction = detectSwipe(from, { x: touch.clientX, y: touch.clientY, time: Date.now() });
      if (direction === 'left') callbacks.current.onSwipeLeft?.();
      if (direction === 'right') callbacks.current.onSwipeRight?.();
    },
    onTouchCancel() {
      start.current = null;
    },
  });
  return handlers.current;
}
