// The width of an element, for charts that need pixel sizes. Where there is no ResizeObserver
// (jsdom in tests) the width stays 0 and charts render nothing; their tables still show every figure.
// The width is set as a transition: a setState in a layout effect renders at once, inside the commit
// that mounted the box, so the whole chart would be drawn in that one task. As a transition React may
// render it in slices after the box. (Measured on the Run view's answer, docs/benchmarks.md: not
// shown to shorten the longest task, which recharts' own store updates also make.)
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
