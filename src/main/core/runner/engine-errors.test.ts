import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { MountbenchError } from '../../../shared/errors';
import { explainEngineError } from './engine-errors';

function refusedConnection(): Promise<Error> {
  // Port 1 on loopback has no listener: a real ECONNREFUSED from the kernel.
  return new Promise((resolve) => connect(1, '127.0.0.1').on('error', resolve));
}

describe('explainEngineError', () => {
  it('turns a refused connection into a clear ENGINE_UNREACHABLE error', async () => {
    const explained = explainEngineError(await refusedConnection());
    expect(explained).toBeInstanceOf(MountbenchError);
    expect(explained).toMatchObject({ code: 'ENGINE_UNREACHABLE' });
    expect((explained as Error).message).toMatch(
      /^the Docker engine stopped answering \(connect ECONNREFUSED 127\.0\.0\.1:1\)/,
    );
  });
  it('leaves other errors alone', () => {
    const other = new MountbenchError('WORKLOAD_FAILED', 'the workload failed: exit 1');
    expect(explainEngineError(other)).toBe(other);
    const missingFile = Object.assign(new Error('ENOENT: no such file'), { code: 'ENOENT', syscall: 'open' });
    expect(explainEngineError(missingFile)).toBe(missingFile);
  });
});
