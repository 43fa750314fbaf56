import { describe, expect, it } from 'vitest';
import { browserCommand } from './open-browser';

describe('browserCommand', () => {
  const url = 'http://127.0.0.1:4000/?token=abc';

  it("uses each system's own opener, with the address as one argument", () => {
    expect(browserCommand(url, 'darwin')).toEqual(['open', [url]]);
    expect(browserCommand(url, 'linux')).toEqual(['xdg-open', [url]]);
  });

  it('escapes & for cmd on Windows, where start would split the address', () => {
    expect(browserCommand('http://127.0.0.1:1/?a=1&token=x', 'win32')).toEqual([
      'cmd',
      ['/c', 'start', '""', 'http://127.0.0.1:1/?a=1^&token=x'],
    ]);
  });
});
