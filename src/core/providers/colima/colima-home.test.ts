import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { colimaHome } from './colima-home';

describe('colimaHome, as colima resolves it', () => {
  it('takes $COLIMA_HOME only when it exists (relative to the working folder), then ~/.colima, then $XDG_CONFIG_HOME', async () => {
    const home = await fs.mkdtemp(path.join(os.tmpdir(), 'mb-colima-home-'));
    try {
      expect(colimaHome({ COLIMA_HOME: path.join(home, 'nope') }, home, 'darwin')).toBe(
        path.join(home, '.colima'),
      );
      expect(colimaHome({}, home, 'linux')).toBe(path.join(home, '.config', 'colima'));
      expect(colimaHome({ XDG_CONFIG_HOME: path.join(home, 'x') }, home, 'darwin')).toBe(
        path.join(home, 'x', 'colima'),
      );
      // An existing ~/.config/colima wins only on colima's main branch, in no release (0.10.3).
      await fs.mkdir(path.join(home, '.config', 'colima'), { recursive: true });
      expect(colimaHome({}, home, 'darwin')).toBe(path.join(home, '.colima'));
      // $COLIMA_HOME as given: relative to the working folder, not to HOME.
      await fs.mkdir(path.join(home, 'work', 'rel'), { recursive: true });
      expect(colimaHome({ COLIMA_HOME: 'rel' }, home, 'darwin', path.join(home, 'work'))).toBe(
        path.join(home, 'work', 'rel'),
      );
      expect(colimaHome({ COLIMA_HOME: 'work/rel' }, home, 'darwin', path.join(home, 'elsewhere'))).toBe(
        path.join(home, '.colima'),
      );
      await fs.mkdir(path.join(home, '.colima'));
      expect(colimaHome({ XDG_CONFIG_HOME: path.join(home, 'x') }, home, 'linux')).toBe(
        path.join(home, '.colima'),
      );
      await fs.mkdir(path.join(home, 'mine'));
      expect(colimaHome({ COLIMA_HOME: path.join(home, 'mine') }, home, 'darwin')).toBe(
        path.join(home, 'mine'),
      );
    } finally {
      await fs.rm(home, { recursive: true, force: true });
    }
  });
});
