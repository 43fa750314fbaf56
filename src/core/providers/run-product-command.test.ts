import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { providerContext } from './provider-context';
import { runProductCommand } from './run-product-command';
import { freshReads, STATE_READ_TTL_MS, StateReads } from './state-reads';

// A product CLI that counts its starts in a file and answers with the exit code the test sets.
const COUNTING_CLI = `#!/bin/sh
echo x >> "$COUNT_FILE"
echo "product version 1.2.3 $*"
exit "$(cat "$EXIT_FILE")"
`;

/** A folder with the counting product on PATH, made before each test of the block and removed after. */
function countingProduct(prefix: string) {
  const product = { dir: '', env: {} as NodeJS.ProcessEnv };
  beforeEach(async () => {
    product.dir = await mkdtemp(join(tmpdir(), prefix));
    await writeFile(join(product.dir, 'product'), COUNTING_CLI);
    await chmod(join(product.dir, 'product'), 0o755);
    await writeFile(join(product.dir, 'exit'), '0');
    product.env = {
      PATH: `${product.dir}:/usr/bin:/bin`,
      HOME: product.dir,
      COUNT_FILE: join(product.dir, 'count'),
      EXIT_FILE: join(product.dir, 'exit'),
    };
  });
  afterEach(() => rm(product.dir, { recursive: true, force: true }));
  return {
    get env() {
      return product.env;
    },
    starts: async () =>
      (await readFile(join(product.dir, 'count'), 'utf8').catch(() => '')).split('\n').length - 1,
    exitWith: (code: number) => writeFile(join(product.dir, 'exit'), String(code)),
  };
}

describe('runProductCommand with oncePerOperation', () => {
  const product = countingProduct('mb-once-');
  const { starts, exitWith } = product;

  it('asks the product once per operation, copies of the context included, and again in the next operation', async () => {
    const operation = await providerContext({ env: product.env });
    const copy = { ...operation, signal: new AbortController().signal };
    const answers = await Promise.all([
      runProductCommand(operation, 'product', ['version'], { oncePerOperation: true }),
      runProductCommand(operation, 'product', ['version'], { oncePerOperation: true }),
    ]);
    await runProductCommand(copy, 'product', ['version'], { oncePerOperation: true });
    expect(answers.map((a) => a.stdout)).toEqual([
      'product version 1.2.3 version\n',
      'product version 1.2.3 version\n',
    ]);
    expect(await starts()).toBe(1);
    // Other arguments are another question; without the option every call asks.
    await runProductCommand(operation, 'product', ['--version'], { oncePerOperation: true });
    await runProductCommand(operation, 'product', ['version']);
    expect(await starts()).toBe(3);
    await runProductCommand(await providerContext({ env: product.env }), 'product', ['version'], {
      oncePerOperation: true,
    });
    expect(await starts()).toBe(4);
  });

  it('asks again after an answer other than exit 0, and keeps the first good one', async () => {
    const operation = await providerContext({ env: product.env });
    await exitWith(1);
    expect(
      (await runProductCommand(operation, 'product', ['version'], { oncePerOperation: true })).code,
    ).toBe(1);
    await exitWith(0);
    expect(
      (await runProductCommand(operation, 'product', ['version'], { oncePerOperation: true })).code,
    ).toBe(0);
    await exitWith(1);
    expect(
      (await runProductCommand(operation, 'product', ['version'], { oncePerOperation: true })).code,
    ).toBe(0);
    expect(await starts()).toBe(2);
  });

  it('asks every time where the context keeps no answers (a context made by hand)', async () => {
    const bare = { env: product.env };
    await runProductCommand(bare, 'product', ['version'], { oncePerOperation: true });
    await runProductCommand(bare, 'product', ['version'], { oncePerOperation: true });
    expect(await starts()).toBe(2);
  });
});

describe('runProductCommand with readsState', () => {
  const product = countingProduct('mb-state-');
  const { starts, exitWith } = product;
  const read = (ctx: Parameters<typeof runProductCommand>[0], args = ['list']) =>
    runProductCommand(ctx, 'product', args, { readsState: true });

  it("shares a read among the operation's steps until a command that may change the product runs", async () => {
    const operation = await providerContext({ env: product.env });
    await Promise.all([read(operation), read({ ...operation, signal: new AbortController().signal })]);
    await read(operation);
    expect(await starts()).toBe(1);
    // A non-zero exit is an answer too (a product that is not running).
    await exitWith(1);
    await read(operation, ['status']);
    expect((await read(operation, ['status'])).code).toBe(1);
    expect(await starts()).toBe(2);
    // Anything not marked as a read may change the state: both reads go to the product again.
    await runProductCommand(operation, 'product', ['start']);
    await read(operation);
    await read(operation, ['status']);
    expect(await starts()).toBe(5);
  });

  it("reads afresh in a wait's copy (freshReads), and the next step shares what it read", async () => {
    const operation = await providerContext({ env: product.env });
    await read(operation);
    await read(freshReads(operation));
    await read(freshReads(operation));
    expect(await starts()).toBe(3);
    await read(operation);
    expect(await starts()).toBe(3);
  });

  it('asks again once the read is older than the TTL, and per environment (Podman names its provider there)', async () => {
    let now = 1_000;
    const operation = {
      ...(await providerContext({ env: product.env })),
      stateReads: new StateReads(() => now),
    };
    await read(operation);
    now += STATE_READ_TTL_MS;
    await read(operation);
    expect(await starts()).toBe(1);
    now += 1;
    await read(operation);
    expect(await starts()).toBe(2);
    await read({ ...operation, env: { ...product.env, CONTAINERS_MACHINE_PROVIDER: 'libkrun' } });
    expect(await starts()).toBe(3);
  });

  it('asks every time where the context keeps no state reads (a context made by hand)', async () => {
    await read({ env: product.env });
    await read({ env: product.env });
    expect(await starts()).toBe(2);
  });
});
