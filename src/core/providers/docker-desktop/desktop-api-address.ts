// Where Docker Desktop's own API listens: the engine says so in its info labels,
// `com.docker.desktop.address=unix:///Users/…/Library/Containers/com.docker.docker/Data/docker-cli.sock`
// (npipe:// on Windows). An engine without the label is not Docker Desktop's.
import { parseUntrustedJson } from '../../../shared/json-limits';
import { desktopRequest } from './desktop-api-http';

export const DESKTOP_ADDRESS_LABEL = 'com.docker.desktop.address';

export type DesktopAddress =
  { kind: 'unix'; socketPath: string } | { kind: 'unsupported'; address: string } | { kind: 'none' };

/** The address in an engine's `/info` `Labels` (a list of `key=value` strings); anything else is none. */
export function desktopAddressFromLabels(labels: unknown): DesktopAddress {
  if (!Array.isArray(labels)) return { kind: 'none' };
  const prefix = `${DESKTOP_ADDRESS_LABEL}=`;
  const found = labels.find((l): l is string => typeof l === 'string' && l.startsWith(prefix));
  if (!found) return { kind: 'none' };
  const address = found.slice(prefix.length).slice(0, 4096);
  if (address.startsWith('unix://')) {
    const socketPath = address.slice('unix://'.length);
    if (socketPath.startsWith('/') && !socketPath.includes('\0')) return { kind: 'unix', socketPath };
  }
  return { kind: 'unsupported', address };
}

/** Reads the engine's `/info` on `engineSocket` (bounded, timed); null when it gives none. */
export async function engineLabels(engineSocket: string, timeoutMs = 5000): Promise<unknown> {
  try {
    const answer = await desktopRequest(engineSocket, 'GET', '/info', { timeoutMs });
    // Docker Desktop's CLI proxy has been seen to answer 400 with an empty info that still
    // carries the label (testcontainers reports, docs/product-facts.md): the status is not checked.
    const parsed = parseUntrustedJson(answer.body);
    if ('refused' in parsed || !parsed.value || typeof parsed.value !== 'object') return null;
    return (parsed.value as Record<string, unknown>).Labels ?? null;
  } catch {
    return null;
  }
}
