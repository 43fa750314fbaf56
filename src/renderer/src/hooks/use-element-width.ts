// The width of an element, for charts that need pixel sizes. Where there is no ResizeObserver
// (jsdom in tests) the width stays 0 and charts render nothing; their tables still show every figure.
// The width is set as a transition: set from a layout effect as it is, it would render the whole
// chart (recharts: an SVG and its own store's updates) at once in the commit that mounted the box,
// one task that no input can come between. As a transition the chart renders in slices, a frame
// after its box.
import { startTransition, useLayoutEffect, useRef, useState } from 'react';

export function useElementWidth<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const first = element.clientWidth;
    startTransition(() => setWidth(first));
    const observer = new ResizeObserver(([entry]) =>
      startTransition(() => setWidth(Math.floor(entry.contentRect.width))),
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}
