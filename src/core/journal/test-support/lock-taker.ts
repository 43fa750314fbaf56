// A separate process that takes the settings-change lock, for the cross-process tests: says it is
// ready (a file `<go>.ready-<pid>`), waits for the `go` file (so racers start together), takes the
// lock, says what happened on stdout, holds it for `holdMs`, then releases it, or (with `exit`)
// leaves by process.exit without releasing.
import { existsSync, writeFileSync } from 'node:fs';
import { takeChangeLock } from '../change-lock';

async function main(): Promise<void> {
  const [dir, go, holdMs, mode] = process.argv.slice(2);
  writeFileSync(`${go}.ready-${process.pid}`, '');
  while (!existsSync(go)) await new Promise((resolve) => setTimeout(resolve, 2));
  try {
    const lock = await takeChangeLock(dir, `test taker ${process.pid}`);
    process.stdout.write('took\n');
    await new Promise((resolve) => setTimeout(resolve, Number(holdMs)));
    if (mode === 'exit') process.exit(0);
    await lock.release();
  } catch (err) {
    process.stdout.write(`refused: ${(err as { code?: string }).code} ${(err as Error).message}\n`);
  }
}

void main();
