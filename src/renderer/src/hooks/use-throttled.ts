// A value that changes at most once per `ms`: the latest always shows, at the end of the wait, and
// the values in between are skipped. The live chart redraws through it, so a burst of samples costs
// one paint rather than one per event.
import { useEffect, useRef, useState } from 'react';

export function useThrottled<T>(value: T, ms: number, now: () => number = Date.now): T {
  const [shown, setShown] = useState(value);
  const last = useRef(Number.NEGATIVE_INFINITY);
  useEffect(() => {
    const wait = last.current + ms - now();
    const show = () => {
      last.current = now();
      setShown(value);
    };
    if (wait <= 0) {
      show();
      return;
    }
    const timer = setTimeout(show, wait);
    return () => clearTimeout(timer);
  }, [value, ms, now]);
  return shown;
}
