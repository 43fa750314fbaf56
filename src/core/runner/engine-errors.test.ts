import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { MountbenchError } from '../../shared/errors';
import { explainEngineError } from './engine-errors';

function refusedConnection(): Promise<Error> {
  // Port 1 on loopback has no listener: a real ECONNREFUSED from the kernel.
  return new Promise((resolve) => connect(1, '127.0.0.1').on('error', resolve));
}

describe('explainEngineError', () => {
  it('turns a refused connection into a clear ENGINE_UNREACHABLE error', async () => {
    const explained = explainEngineError(await refusedConnection(), 'tcp://127.0.0.1:1');
    expect(explained).toBeInstanceOf(MountbenchError);
    expect(explained).toMatchObject({ code: 'ENGINE_UNREACHABLE' });
    expect((explained as Error).message).toBe(
      'the Docker engine stopped answering: connection refused by 127.0.0.1:1 (is the engine listening there?)',
    );
  });
  it('leaves other errors alone', () => {
    const other = new MountbenchError('WORKLOAD_FAILED', 'the workload failed: exit 1');
    expect(explainEngineError(other, 'tcp://127.0.0.1:1')).toBe(other);
    const missingFile = Object.assign(new Error('ENOENT: no such file'), { code: 'ENOENT', syscall: 'open' });
    expect(explainEngineError(missingFile, 'tcp://127.0.0.1:1')).toBe(missingFile);
  });
});
