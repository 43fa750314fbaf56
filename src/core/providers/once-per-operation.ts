// Answers that cannot change while one operation runs (a product's version, the settings its
// deployment profile locks), asked of the product once per operation instead of at every step: a
// sweep's plan alone asked `rdctl version` a dozen times, and each ask starts a process. An operation
// is one ProviderContext from providerContext() (a CLI command, one call of the dashboard's core),
// whose copies (`{ ...ctx, signal }`) share its answers. Only an answer `keep` accepts is kept: a
// product that did not answer is asked again at the next step.

export async function oncePerOperation<T>(
  ctx: { answers?: Map<string, Promise<unknown>> },
  key: string,
  ask: () => Promise<T>,
  keep: (answer: T) => boolean,
): Promise<T> {
  const answers = ctx.answers;
  if (!answers) return ask();
  const known = answers.get(key) as Promise<T> | undefined;
  if (known) return known;
  const pending = ask();
  answers.set(key, pending);
  const forget = () => {
    if (answers.get(key) === pending) answers.delete(key);
  };
  pending.then((answer) => (keep(answer) ? undefined : forget()), forget);
  return pending;
}
