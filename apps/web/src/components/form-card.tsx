import type { ReactNode } from 'react';

/** The narrow card a back-office page puts its one form in. */
export function FormCard({ children }: { children: ReactNode }) {
  return (
    <div className="card shadow-sm" style={{ maxWidth: 560 }}>
      <div className="card-body">{children}</div>
    </div>
  );
}
