import { describe, expect, it } from 'vitest';
import { removedMeanwhile } from './leftovers';

// What the engine answers a removal that another clean-up already made or is making (moby
// daemon/delete.go: errdefs.Conflict "removal of container … is already in progress"; 404 once gone).
const engineError = (statusCode: number, message: string) =>
  Object.assign(new Error(message), { statusCode });

describe('removedMeanwhile', () => {
  it('takes a leftover another clean-up removed, or is removing, as gone', () => {
    expect(removedMeanwhile(engineError(404, 'No such container: abc'))).toBe(true);
    expect(
      removedMeanwhile(
        engineError(409, '(HTTP code 409) conflict - removal of container abc is already in progress'),
      ),
    ).toBe(true);
  });

  it('keeps every other failure a problem: a volume in use, the engine gone, anything unknown', () => {
    expect(removedMeanwhile(engineError(409, 'remove mb-1: volume is in use - [abc]'))).toBe(false);
    expect(removedMeanwhile(engineError(500, 'removal of container abc is already in progress'))).toBe(false);
    expect(removedMeanwhile(new Error('connect ENOENT /var/run/docker.sock'))).toBe(false);
    expect(removedMeanwhile(null)).toBe(false);
  });
});
