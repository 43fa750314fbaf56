// Whether the `sync-share` mount can be measured on an engine, and if not, why in the user's words:
// only Docker Desktop has synchronized file shares, only on its paid plans, and only while its
// file-shares config says they are active (that one answer "abstracts settings, OS, etc", as
// Compose's client put it; docs/product-facts.md).
import { desktopAddressFromLabels, engineLabels, DESKTOP_ADDRESS_LABEL } from './desktop-api-address';
import { FileSharesClient } from './file-shares-client';

export type FileShareAvailability =
  | { available: true; reason: null; client: FileSharesClient }
  | { available: false; reason: string; client: null };

export async function fileShareAvailability(
  engineSocket: string,
  signal?: AbortSignal,
): Promise<FileShareAvailability> {
  const address = desktopAddressFromLabels(await engineLabels(engineSocket));
  const off = (reason: string): FileShareAvailability => ({ available: false, reason, client: null });
  if (address.kind === 'none')
    return off(
      `synchronized file shares are a Docker Desktop feature, and this engine is not Docker Desktop's (its info has no ${DESKTOP_ADDRESS_LABEL} label)`,
    );
  if (address.kind === 'unsupported')
    return off(
      `Docker Desktop's API is at ${address.address}, which Mountbench cannot reach from here (only unix:// sockets)`,
    );
  const client = new FileSharesClient(address.socketPath);
  let active: boolean;
  try {
    active = (await client.config(signal)).active;
  } catch (err) {
    return off(`Docker Desktop's file-shares API did not answer as expected: ${(err as Error).message}`);
  }
  if (!active)
    return off(
      'Docker Desktop says synchronized file shares are not active: they need a Pro, Team or Business plan, and Docker Desktop 4.27 or later',
    );
  return { available: true, reason: null, client };
}
