import { useRef, type UIEvent } from 'react';

/** How close to an edge of a scrolling box asks for the next page. */
const EDGE_PX = 150;

/** An onScroll handler that calls `reach` when the box is scrolled near its top or bottom. */
export function useScrollEnd(edge: 'top' | 'bottom', reach: () => void) {
  const latest = useRef(reach);
  latest.current = reach;
  return (event: UIEvent<HTMLElement>) => {
    const box = event.currentTarget;
    const distance = edge === 'top' ? box.scrollTop : box.scrollHeight - box.scrollTop - box.clientHeight;
    if (distance < EDGE_PX) latest.current();
  };
}
