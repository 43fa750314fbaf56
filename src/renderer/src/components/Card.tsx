// A titled section of a view; the heading names the region for screen readers.
import { useId, type ReactNode } from 'react';

export function Card({
  title,
  children,
  testId,
  actions,
  className,
}: {
  title: ReactNode;
  children: ReactNode;
  testId?: string;
  actions?: ReactNode;
  className?: string;
}) {
  const id = useId();
  return (
    <section className={`card ${className ?? ''}`} aria-labelledby={id} data-testid={testId}>
      <div className="card-head">
        <h2 id={id}>{title}</h2>
        {actions}
      </div>
      {children}
    </section>
  );
}
