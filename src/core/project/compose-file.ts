// The compose file of a project: the services that bind-mount the project folder give the image
// the project is built in, its working folder and, maybe, its command (Compose Specification,
// docs/product-facts.md). Parsed with `yaml` as data only: no custom tags, aliases capped. Merge
// keys (`<<: *defaults`, the layout Compose's "Fragments" page shows) are read as Compose reads
// them; a key written twice is refused (YAML requires unique keys, and taking either silently
// would let a second `image:` hide behind the first); services past MAX_SERVICES are said to be skipped.
import { parseDocument } from 'yaml';
import type { CommandSuggestion, ImageSuggestion } from '../../shared/project';

/** The names Compose looks for, in its order of preference. */
export const COMPOSE_FILES = ['compose.yaml', 'compose.yml', 'docker-compose.yaml', 'docker-compose.yml'];

/** A billion-laughs document is refused long before it can expand. */
const MAX_ALIASES = 50;
const MAX_SERVICES = 200;

/** Words of a command that runs until stopped; such a command cannot be timed. */
const SERVER_WORDS = /\b(serve|server|watch|start|dev|up|runserver|livereload)\b/;

export interface ComposeFindings {
  images: ImageSuggestion[];
  commands: CommandSuggestion[];
  problems: string[];
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** A host path in a compose file that means the project folder itself (relative to the file). */
function isProjectRoot(source: string): boolean {
  const s = source.trim().replace(/\/+$/, '');
  return s === '.' || s === '' || s === '${PWD}' || s === '$PWD';
}

/** The container path the project folder is bind-mounted at, from short or long volume syntax. */
export function projectMountTarget(volumes: unknown): string | null {
  if (!Array.isArray(volumes)) return null;
  for (const volume of volumes.slice(0, 100)) {
    if (typeof volume === 'string') {
      // Short syntax: SOURCE:TARGET[:MODE]; a bare TARGET is an anonymous volume.
      const [source, target] = volume.split(':');
      if (target && source !== undefined && isProjectRoot(source)) return target;
    } else if (isRecord(volume)) {
      const { type, source, target } = volume;
      if (
        type === 'bind' &&
        typeof source === 'string' &&
        typeof target === 'string' &&
        isProjectRoot(source)
      )
        return target;
    }
  }
  return null;
}

/** A service's `command`: a string, or a list of words (exec form) joined for `sh -c`. */
function commandText(command: unknown): string | null {
  if (typeof command === 'string' && command.trim()) return command.trim();
  if (Array.isArray(command) && command.length && command.every((w) => typeof w === 'string'))
    return command
      .map((w: string) => (/^[\w./=:@%+-]+$/.test(w) ? w : `'${w.replace(/'/g, `'\\''`)}'`))
      .join(' ');
  return null;
}

/** Line of a character offset, counting from 1. */
function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 10) line += 1;
  return line;
}

export function readComposeFile(file: string, text: string): ComposeFindings {
  const found: ComposeFindings = { images: [], commands: [], problems: [] };
  const doc = parseDocument(text, { prettyErrors: false, uniqueKeys: true, merge: true });
  const duplicate = doc.errors.find((e) => e.code === 'DUPLICATE_KEY');
  if (duplicate) {
    found.problems.push(
      `${file}: a key is written twice in one mapping (line ${lineAt(text, duplicate.pos[0])}); ` +
        'YAML does not allow that, and Mountbench will not guess which one counts',
    );
    return found;
  }
  if (doc.errors.length) {
    found.problems.push(`${file} is not valid YAML: ${doc.errors[0]?.message.split('\n')[0] ?? ''}`);
    return found;
  }
  let data: unknown;
  try {
    data = doc.toJS({ maxAliasCount: MAX_ALIASES });
  } catch (err) {
    found.problems.push(`${file}: ${(err as Error).message}`);
    return found;
  }
  if (!isRecord(data) || !isRecord(data['services'])) {
    found.problems.push(`${file} has no services`);
    return found;
  }
  const services = Object.entries(data['services']);
  if (services.length > MAX_SERVICES)
    found.problems.push(
      `${file} has ${services.length} services; only the first ${MAX_SERVICES} were read, the other ` +
        `${services.length - MAX_SERVICES} were skipped`,
    );
  for (const [name, service] of services.slice(0, MAX_SERVICES)) {
    if (!isRecord(service)) continue;
    const target = projectMountTarget(service['volumes']);
    if (!target) continue;
    const workingDir = typeof service['working_dir'] === 'string' ? service['working_dir'] : target;
    if (typeof service['image'] === 'string' && service['image'].trim()) {
      found.images.push({
        image: service['image'].trim(),
        service: name,
        workingDir,
        from: { file, key: `services.${name}.image` },
      });
    } else if (service['build'] !== undefined) {
      found.problems.push(
        `${file}: service ${name} builds its image (build:); build it and give its tag as the image`,
      );
    }
    const command = commandText(service['command']);
    if (command)
      found.commands.push({
        command,
        from: { file, key: `services.${name}.command` },
        ...(SERVER_WORDS.test(command)
          ? { warning: 'looks like a server or watcher: a command that never ends cannot be timed' }
          : {}),
      });
  }
  return found;
}
