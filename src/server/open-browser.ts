// `--open`: hand the address to the system's browser. Our own URL, passed as one argument with no
// shell, so nothing in it can run as a command. Failing to open is only a warning.
import { spawn } from 'node:child_process';

export function browserCommand(
  url: string,
  platform: NodeJS.Platform = process.platform,
): [string, string[]] {
  if (platform === 'darwin') return ['open', [url]];
  // `start` is a cmd built-in; its first quoted argument is a window title, hence the empty one.
  if (platform === 'win32') return ['cmd', ['/c', 'start', '""', url.replace(/&/g, '^&')]];
  return ['xdg-open', [url]];
}

export function openBrowser(url: string, onProblem: (message: string) => void): void {
  const [command, args] = browserCommand(url);
  try {
    const child = spawn(command, args, { detached: true, stdio: 'ignore' });
    child.on('error', (err) => onProblem(`could not open a browser (${command}: ${err.message})`));
    child.unref();
  } catch (err) {
    onProblem(`could not open a browser (${command}: ${(err as Error).message})`);
  }
}
