// Starting an executor either completes or leaves nothing behind: on failure it is disposed. The
// reason the start failed is what the user needs; a cleanup problem on top is appended to it (when
// the engine is gone, cleanup fails for the same reason).
export async function startOrDispose<T extends { dispose(): Promise<void> }>(
  executor: T,
  create: () => Promise<void>,
): Promise<T> {
  try {
    await create();
    return executor;
  } catch (err) {
    const cleanup = await executor.dispose().then(
      () => null,
      (e: unknown) => (e as Error).message,
    );
    if (cleanup && err instanceof Error) err.message = `${err.message} (and ${cleanup})`;
    throw err;
  }
}
