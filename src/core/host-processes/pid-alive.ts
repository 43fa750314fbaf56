// Whether a pid names a live process, asked with signal 0, which checks and delivers nothing.
// EPERM means the process exists but is another user's: alive. Shared by the journal's owner
// check, the engine's run owners and the pid files a product keeps.

export function pidIsAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
