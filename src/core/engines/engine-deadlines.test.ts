import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MountbenchError } from '../../shared/errors';
import { connectEngine } from './connect';
import { DEFAULT_ENGINE_DEADLINES, deadlineFor } from './engine-deadlines';
import { startFakeEngine, type FakeEngine } from './test-support/fake-engine';
import { makeTempHome, type TempHome } from './test-support/temp-home';

let temp: TempHome;
let wedged: FakeEngine;
beforeEach(async () => {
  temp = await makeTempHome();
  wedged = await startFakeEngine('wedged', { socketPath: path.join(temp.home, 'wedged.sock') });
});
afterEach(async () => {
  await wedged.close();
  await temp.remove();
});

const SHORT = { readMs: 200, changeMs: 300, pullMs: 400 };
const client = (deadlines = SHORT) =>
  connectEngine({ name: 'wedged', endpoint: wedged.endpoint }, {}, deadlines);

async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (err) {
    return err as Error;
  }
  throw new Error('expected a rejection');
}

describe('engine call deadlines (a stand-in engine that answers the probe, then nothing)', () => {
  it('still answers what the probe asks', async () => {
    expect((await client().version()).ApiVersion).toBeTruthy();
  });

  it('a read that gets no answer fails with a sentence naming the engine, the call and the deadline', async () => {
    const err = await rejection(client().listContainers({ all: true }));
    expect(err).toBeInstanceOf(MountbenchError);
    expect((err as MountbenchError).code).toBe('ENGINE_UNREACHABLE');
    expect(err.message).toBe(
      `the engine at ${wedged.endpoint} did not answer GET /containers/json within 0.2 s; it may be stuck: restart it and try again`,
    );
    expect(wedged.requests.some((url) => url.includes('/containers/json'))).toBe(true);
  });

  it('a change gets the longer deadline', async () => {
    const err = await rejection(client().getContainer('x').remove({ force: true }));
    expect(err.message).toMatch(/did not answer DELETE \/containers\/x within 0\.3 s/);
  });

  it("the caller's cancel ends a call at once, as a cancel and not as a deadline", async () => {
    const controller = new AbortController();
    const call = client(DEFAULT_ENGINE_DEADLINES).listContainers({
      abortSignal: controller.signal,
    } as object);
    setTimeout(() => controller.abort(), 50);
    const err = await rejection(call);
    expect(err).not.toBeInstanceOf(MountbenchError);
    expect(err.name).toBe('AbortError');
  });
});

describe('deadlineFor', () => {
  it('gives reads, changes and pulls their own deadlines', () => {
    expect(deadlineFor('GET', '/containers/json', SHORT)).toBe(200);
    expect(deadlineFor('POST', '/containers/create', SHORT)).toBe(300);
    expect(deadlineFor('DELETE', '/volumes/v', SHORT)).toBe(300);
    expect(deadlineFor('POST', '/images/create', SHORT)).toBe(400);
  });
});
