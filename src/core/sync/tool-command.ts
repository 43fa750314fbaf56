// Runs a sync tool's CLI (mutagen, docker-sync) and turns a failure into a MountbenchError that
// carries the tool's own words. A timeout keeps a hung tool from holding a run (or its cleanup)
// forever; cleanup calls pass no run signal, so a cancel never interrupts them.
import { execFile } from 'node:child_process';
import { MountbenchError } from '../../shared/errors';

export interface ToolCall {
  /** Absolute path of the executable (found on the run's PATH). */
  executable: string;
  args: string[];
  env: NodeJS.ProcessEnv;
  cwd?: string;
  signal?: AbortSignal;
  timeoutMs: number;
}

export interface ToolOutput {
  stdout: string;
  stderr: string;
}

/** The last lines of what the tool said: enough to explain, short enough for a result file. */
function tail(text: string): string {
  return text.trim().split('\n').slice(-6).join(' | ').slice(0, 1500);
}

export function runTool(call: ToolCall): Promise<ToolOutput> {
  const shown = `${call.executable.split('/').pop()} ${call.args.join(' ')}`;
  return new Promise((resolve, reject) => {
    execFile(
      call.executable,
      call.args,
      {
        env: call.env,
        cwd: call.cwd,
        signal: call.signal,
        timeout: call.timeoutMs,
        killSignal: 'SIGKILL',
        maxBuffer: 16 * 1024 * 1024,
        encoding: 'utf8',
      },
      (err, stdout, stderr) => {
        if (!err) return resolve({ stdout, stderr });
        if (call.signal?.aborted) return reject(new MountbenchError('CANCELLED', `${shown}: cancelled`));
        const killed = (err as { killed?: boolean }).killed;
        const detail = killed
          ? `no answer within ${Math.round(call.timeoutMs / 1000)} s`
          : tail(stderr) || tail(stdout) || err.message;
        reject(new MountbenchError('WORKLOAD_FAILED', `${shown} failed: ${detail}`));
      },
    );
  });
}
