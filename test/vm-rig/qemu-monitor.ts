// QEMU's human monitor (HMP) over the unix socket the rig gives each guest, for the two commands
// a resume needs: `savevm` once the guest has booted, and `info snapshots` to say what is kept.
// Bounded: an answer is read until the next prompt, at most 64 KiB, within the given time.
import { spawnSync } from 'node:child_process';
import { connect } from 'node:net';

const PROMPT = '(qemu) ';
const MAX_ANSWER = 64 * 1024;

/** Sends one HMP command and resolves with what QEMU printed before its next prompt. */
export function monitorCommand(socketPath: string, command: string, timeoutMs: number): Promise<string> {
  if (/[\r\n]/.test(command)) return Promise.reject(new Error('one monitor command, on one line'));
  return new Promise((resolve, reject) => {
    const socket = connect(socketPath);
    let text = '';
    let sent = false;
    const timer = setTimeout(
      () => finish(new Error(`QEMU's monitor did not answer "${command}" in time`)),
      timeoutMs,
    );
    const finish = (error: Error | null, answer = '') => {
      clearTimeout(timer);
      socket.destroy();
      if (error) reject(error);
      else resolve(answer);
    };
    socket.on('error', (err) => finish(err));
    socket.on('data', (d: Buffer) => {
      text += d.toString('utf8');
      if (text.length > MAX_ANSWER) return finish(new Error("QEMU's monitor said more than expected"));
      if (!sent && text.endsWith(PROMPT)) {
        sent = true;
        text = '';
        socket.write(`${command}\n`);
        return;
      }
      // QEMU echoes the command as typed (with terminal codes) up to its newline, then answers,
      // then prompts again.
      if (sent && text.endsWith(PROMPT)) {
        const answer = text.slice(0, -PROMPT.length).replace(/\r/g, '');
        finish(null, answer.slice(answer.indexOf('\n') + 1));
      }
    });
  });
}

/** Whether a qcow2 image holds an internal snapshot of that tag (read with no QEMU attached). */
export function hasSnapshot(image: string, tag: string): boolean {
  const listed = spawnSync('qemu-img', ['snapshot', '-l', image], { encoding: 'utf8', timeout: 60_000 });
  if (listed.status !== 0) return false;
  return listed.stdout.split('\n').some((line) => line.trim().split(/\s+/)[1] === tag);
}

/** Removes an internal snapshot (one QEMU could not load): the next start boots for real. */
export function deleteSnapshot(image: string, tag: string): void {
  spawnSync('qemu-img', ['snapshot', '-d', tag, image], { timeout: 60_000 });
}
