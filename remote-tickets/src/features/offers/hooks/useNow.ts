import { useEffect, useState } from 'react';

/**
 * The time now, updated every second on the second (when a watch's second hand moves), for as long
 * as the component is on screen: the redemption proof's live clock.
 */
export function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    let every: ReturnType<typeof setInterval> | undefined;
    const tick = () => setNow(new Date());
    const first = setTimeout(
      () => {
        tick();
        every = setInterval(tick, 1000);
      },
      1000 - (Date.now() % 1000),
    );
    return () => {
      clearTimeout(first);
      if (every) clearInterval(every);
    };
  }, []);
  return now;
}
