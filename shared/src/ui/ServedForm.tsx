import { useEffect, useState, type ReactNode } from 'react';

/**
 * A form's fields, disabled until the app runs them. A page the server rendered shows its form before
 * the remote's script has arrived; typed into then, a field would show a value the app's state never
 * had (React takes the served fields over as they are), and a tap on a button would do nothing. So
 * they are disabled on the server and in the first render, which hydrates that markup, and enabled
 * once the app runs them (one frame later on a page the app draws itself). `display: contents`: the
 * fieldset adds no box.
 */
export function ServedForm({ children }: { children: ReactNode }) {
  const [running, setRunning] = useState(false);
  useEffect(() => setRunning(true), []);
  return (
    <fieldset disabled={!running} style={{ display: 'contents' }}>
      {children}
    </fieldset>
  );
}
