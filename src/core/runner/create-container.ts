// createContainer with the engine's answer checked: dockerode takes the id from the reply's `Id`
// as it is, so an engine (or a proxy in front of one) that answers 200 without one had Mountbench
// calling /containers/undefined/start, once per backend. A create without an id fails here, once,
// and what the engine may have made under the name is removed.
import type Dockerode from 'dockerode';
import { MountbenchError } from '../../shared/errors';

/** Docker, Podman and the engines behind Desktop products name a container by 64 hex digits. */
const CONTAINER_ID = /^[0-9a-f]{64}$/;

export async function createContainerChecked(
  docker: Dockerode,
  options: Dockerode.ContainerCreateOptions,
): Promise<Dockerode.Container> {
  const container = await docker.createContainer(options);
  const id: unknown = container.id;
  if (typeof id === 'string' && CONTAINER_ID.test(id)) return container;
  if (options.name)
    await docker
      .getContainer(options.name)
      .remove({ force: true })
      .catch(() => {});
  throw new MountbenchError(
    'ENGINE_UNREACHABLE',
    `the engine answered the request to create ${options.name ?? 'a container'} without a valid container id ` +
      `(${typeof id === 'string' ? JSON.stringify(id.slice(0, 80)) : String(id)}): it is not behaving like a Docker engine, so nothing was started`,
  );
}
