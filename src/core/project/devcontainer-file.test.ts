import { describe, expect, it } from 'vitest';
import { readDevcontainerFile, stripJsonComments } from './devcontainer-file';

describe('readDevcontainerFile', () => {
  it('reads image and workspaceFolder from JSON with comments and trailing commas', () => {
    const found = readDevcontainerFile(
      '.devcontainer/devcontainer.json',
      `// For format details, see https://aka.ms/devcontainer.json
{
  "name": "site", /* the name */
  "image": "mcr.microsoft.com/devcontainers/ruby:3", // a URL-like value stays
  "workspaceFolder": "/workspaces/site",
  "features": {},
}`,
    );
    expect(found).toEqual({
      images: [
        {
          image: 'mcr.microsoft.com/devcontainers/ruby:3',
          service: null,
          workingDir: '/workspaces/site',
          from: { file: '.devcontainer/devcontainer.json', key: 'image' },
        },
      ],
      problems: [],
    });
  });

  it('names a file without an image or that is not JSON as a problem and takes nothing', () => {
    expect(readDevcontainerFile('d.json', '{"dockerComposeFile": "../compose.yaml"}').problems).toEqual([
      'd.json has no image (it uses a compose file); nothing taken from it',
    ]);
    expect(readDevcontainerFile('d.json', '{"image": ').problems[0]).toMatch(/not valid JSON/);
    expect(readDevcontainerFile('d.json', '[1]').problems).toEqual(['d.json is not a JSON object']);
  });
});

describe('stripJsonComments', () => {
  it('keeps comment marks and ", ]" inside strings', () => {
    const text = '{"u": "http://x/*y*/", "s": "a, ]", "e": "q\\"//", /* c */ "l": [1, 2,],}';
    expect(JSON.parse(stripJsonComments(text))).toEqual({
      u: 'http://x/*y*/',
      s: 'a, ]',
      e: 'q"//',
      l: [1, 2],
    });
  });
});
