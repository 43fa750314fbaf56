// The workloads' real shell text inside the bench image (static BusyBox), on a real Docker Engine:
// fixtures streamed in as tar onto a tmpfs, and laid on the host for a bind mount, exactly as the
// runner's bench container does. Nothing of dockerode is mocked.
import { afterAll, beforeAll } from 'vitest';
import { ContainerExecutor, type ContainerMount } from '../../src/core/runner/container-executor';
import {
  describeWorkloadScripts,
  type ScriptEnvironment,
} from '../../src/core/workloads/test-support/workload-scripts.suite';
import { docker, image, tempDir } from './support';

const signal = new AbortController().signal;

function containerEnvironment(kind: 'tmpfs' | 'bind'): () => ScriptEnvironment {
  const host = tempDir(`workloads-${kind}`);
  let executor: ContainerExecutor | null = null;
  beforeAll(async () => {
    const mount: ContainerMount =
      kind === 'bind' ? { kind: 'bind', source: host.path, hostRoot: host.path } : { kind: 'tmpfs' };
    executor = await ContainerExecutor.start({
      docker,
      image,
      name: `mountbench-test-workloads-${kind}-${process.pid}`,
      runId: `test-workloads-${kind}`,
      mount,
      signal,
    });
  });
  afterAll(async () => {
    await executor?.dispose();
    host.remove();
  });
  return () => ({
    async lay(workload, params) {
      if (!executor) throw new Error('the bench container did not start');
      const bench = executor;
      await bench.prepareWorkdir(workload.id, workload.fixture(params), signal);
      const dir = bench.workdir(workload.id);
      return (script) => bench.run(`cd ${dir} || exit 97\n${script}`, signal);
    },
  });
}

describeWorkloadScripts(
  'BusyBox in the bench image, fixture streamed onto tmpfs',
  containerEnvironment('tmpfs'),
);
describeWorkloadScripts(
  'BusyBox in the bench image, fixture laid on a bind-mounted host folder',
  containerEnvironment('bind'),
);
