// Mounts its children `commits` commits after itself, each a transition: a big view mounted in one
// commit holds the main thread for all of its DOM at once (a concurrent render yields between
// components, its commit never does). Results puts its table and its recommendation behind 1 and
// 2, and its chart's panels behind 3, 4, …, one each: the verdict is committed first, and the rest
// follows in tasks of their own that input can come between.
import { startTransition, useEffect, useState, type ReactNode } from 'react';

export function AfterCommit({ commits = 1, children }: { commits?: number; children: ReactNode }) {
  const [seen, setSeen] = useState(0);
  useEffect(() => {
    if (seen < commits) startTransition(() => setSeen(seen + 1));
  }, [seen, commits]);
  return seen >= commits ? children : null;
}
