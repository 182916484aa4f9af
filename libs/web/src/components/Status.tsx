import type { ReactNode } from 'react';

/** A polite live region (`role="status"`): progress and outcomes are announced from here. */
export function Status({ children }: { children: ReactNode }) {
  return (
    <div role="status" aria-live="polite">
      {children}
    </div>
  );
}

/** An assertive alert for failures; its text says what to do next. */
export function Alert({ children }: { children: ReactNode }) {
  return (
    <div role="alert" className="pr-alert">
      {children}
    </div>
  );
}
