// `GET /_ping` on a unix socket: "does an engine answer here?" without dockerode or a context.
import http from 'node:http';

export function pingSocket(socketPath: string, timeoutMs = 3000): Promise<boolean> {
  return new Promise((resolve) => {
    const req = http.request({ socketPath, path: '/_ping', method: 'GET', timeout: timeoutMs }, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(false));
    req.end();
  });
}

/**
 * A step of waiting for a machine whose VM runs: done once its engine socket answers, with the
 * status to show meanwhile ("colima runs, its Docker socket does not answer yet").
 */
export async function socketReady(
  name: string,
  socketPath: string,
  socketWords: string,
): Promise<{ done: boolean; status: string }> {
  const answers = await pingSocket(socketPath);
  return {
    done: answers,
    status: answers ? `${name} is running` : `${name} runs, its ${socketWords} does not answer yet`,
  };
}
