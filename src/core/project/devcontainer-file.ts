// `.devcontainer/devcontainer.json`: the dev container's `image` and `workspaceFolder` (Dev
// Container specification, docs/product-facts.md). The file is JSON with comments and trailing
// commas, so those are removed (outside strings) before JSON.parse; nothing else is interpreted.
import type { ImageSuggestion } from '../../shared/project';
import { jsonErrorText } from '../../shared/json-error-text';

export const DEVCONTAINER_FILES = ['.devcontainer/devcontainer.json', '.devcontainer.json'];

/** The index just past the JSON string that starts at `i` (escapes included). */
function stringEnd(text: string, i: number): number {
  let j = i + 1;
  while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
  return j + 1;
}

/**
 * Copies `text`, JSON strings whole (so `//` in a URL or `, ]` in a value stay), and lets `outside`
 * say, at each other position, what to write and where to go on.
 */
function outsideStrings(text: string, outside: (i: number) => { write: string; next: number }): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    if (text[i] === '"') {
      const end = stringEnd(text, i);
      out += text.slice(i, end);
      i = end;
    } else {
      const step = outside(i);
      out += step.write;
      i = step.next;
    }
  }
  return out;
}

/** Drops `//` and `/* *\/` comments outside strings. */
function withoutComments(text: string): string {
  return outsideStrings(text, (i) => {
    if (text.startsWith('//', i)) {
      const end = text.indexOf('\n', i);
      return { write: '', next: end === -1 ? text.length : end };
    }
    if (text.startsWith('/*', i)) {
      const end = text.indexOf('*/', i + 2);
      return { write: '', next: end === -1 ? text.length : end + 2 };
    }
    return { write: text[i] as string, next: i + 1 };
  });
}

/** Drops a comma outside strings that only blanks separate from a closing bracket. */
function withoutTrailingCommas(text: string): string {
  // Sticky: matched where the comma is, without copying the rest of the text each time.
  const closing = /\s*[}\]]/y;
  return outsideStrings(text, (i) => {
    closing.lastIndex = i + 1;
    return { write: text[i] === ',' && closing.test(text) ? '' : (text[i] as string), next: i + 1 };
  });
}

/** JSON with comments and trailing commas (as devcontainer.json allows), turned into plain JSON. */
export function stripJsonComments(text: string): string {
  return withoutTrailingCommas(withoutComments(text));
}

export interface DevcontainerFindings {
  images: ImageSuggestion[];
  problems: string[];
}

export function readDevcontainerFile(file: string, text: string): DevcontainerFindings {
  let data: unknown;
  try {
    data = JSON.parse(stripJsonComments(text));
  } catch (err) {
    return { images: [], problems: [`${file} is not valid JSON with comments: ${jsonErrorText(err)}`] };
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data))
    return { images: [], problems: [`${file} is not a JSON object`] };
  const record = data as Record<string, unknown>;
  const image = typeof record['image'] === 'string' ? record['image'].trim() : '';
  if (!image) {
    const how = record['dockerComposeFile'] !== undefined ? 'uses a compose file' : 'builds its image';
    return { images: [], problems: [`${file} has no image (it ${how}); nothing taken from it`] };
  }
  const folder = record['workspaceFolder'];
  return {
    images: [
      {
        image,
        service: null,
        workingDir: typeof folder === 'string' && folder.trim() ? folder.trim() : null,
        from: { file, key: 'image' },
      },
    ],
    problems: [],
  };
}
