// The api of a page that has no way to the core (opened as a plain file, or from the dev server
// in a browser): every call fails with a message that says what to do instead.
import type { MountbenchApi } from '../../../shared/api';
import { apiFromCall, subscriptionsFrom } from '../../../shared/api-client';
import { MountbenchError } from '../../../shared/errors';

const MESSAGE =
  'No connection to the Mountbench core: open this dashboard in the Mountbench app, or through the ' +
  'address `mountbench serve` prints.';

async function unavailable(): Promise<never> {
  throw new MountbenchError('INTERNAL', MESSAGE);
}

export function createUnavailableApi(): MountbenchApi {
  // No stream ever has an event to tell: subscribing is allowed and hears nothing.
  return apiFromCall(
    unavailable,
    subscriptionsFrom(() => () => undefined),
  );
}
