// Reads the engine's pull stream (the JSON lines of POST /images/create: one object per layer
// step, `{"status":"Downloading","progressDetail":{"current":…,"total":…},"id":"<layer>"}`) into
// what the user is shown: layers done of layers, bytes downloaded of bytes known. The stream comes
// from the engine and the registry behind it, so every field is checked and the layer count bounded.
import type { PullProgress } from '../../shared/pull-progress';

const MAX_LAYERS = 1000;
const LAYER_ID = /^[0-9a-f]{6,128}$/i;

interface Layer {
  downloaded: number;
  total: number | null;
  /** Present on the engine already: nothing to download. */
  present: boolean;
  done: boolean;
}

function count(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : null;
}

export class PullProgressTracker {
  private readonly layers = new Map<string, Layer>();

  add(raw: unknown): PullProgress {
    const event = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
    const status = typeof event.status === 'string' ? event.status.slice(0, 200) : '';
    const id = typeof event.id === 'string' ? event.id : '';
    // `{"status":"Pulling from library/busybox","id":"latest"}`: the id is the tag, not a layer.
    if (LAYER_ID.test(id) && !status.startsWith('Pulling from')) this.step(id, status, event.progressDetail);
    return this.progress(status);
  }

  private step(id: string, status: string, detail: unknown): void {
    let layer = this.layers.get(id);
    if (!layer) {
      if (this.layers.size >= MAX_LAYERS) return;
      layer = { downloaded: 0, total: null, present: false, done: false };
      this.layers.set(id, layer);
    }
    const { current, total } = (detail && typeof detail === 'object' ? detail : {}) as Record<
      string,
      unknown
    >;
    switch (status) {
      case 'Already exists':
        layer.present = true;
        layer.done = true;
        break;
      case 'Downloading':
        layer.downloaded = count(current) ?? layer.downloaded;
        layer.total = count(total) ?? layer.total;
        break;
      case 'Download complete':
        if (layer.total !== null) layer.downloaded = layer.total;
        break;
      case 'Pull complete':
        if (layer.total !== null) layer.downloaded = layer.total;
        layer.done = true;
        break;
      // `Extracting` counts bytes again, of the same layer: the download is what the user waits on.
    }
  }

  private progress(status: string): PullProgress {
    let done = 0;
    let bytesDone = 0;
    let bytesTotal = 0;
    let unknownSize = false;
    for (const layer of this.layers.values()) {
      if (layer.done) done += 1;
      if (layer.present) continue;
      if (layer.total === null) unknownSize = true;
      else {
        bytesTotal += layer.total;
        bytesDone += Math.min(layer.downloaded, layer.total);
      }
    }
    const known = bytesTotal > 0;
    return {
      status,
      // Only once every layer to download has said its size: a fraction over part of them would jump back.
      fraction: known && !unknownSize ? bytesDone / bytesTotal : null,
      layers: { done, total: this.layers.size },
      bytes: { done: bytesDone, total: known && !unknownSize ? bytesTotal : null },
    };
  }
}
