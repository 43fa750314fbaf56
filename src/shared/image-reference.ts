// Image references by Docker's own grammar (github.com/distribution/reference, regexp.go), checked
// before any engine call: the engine turns a reference into a registry URL, so a name like
// `../x` or `evil.example/../../v2` must never reach it. What the grammar does not say, this
// module does not guess: it refuses.
//
//   reference  := name [ ":" tag ] [ "@" digest ]
//   name       := [domain "/"] path-component ["/" path-component]*   (at most 255 characters)
//   domain     := host [":" port]   host := domain-name | IPv4 | "[" IPv6 "]"
//   path-component := [a-z0-9]+ ( ( [._] | "__" | "-"+ ) [a-z0-9]+ )*
//   tag        := [\w][\w.-]{0,127}
//   digest     := algorithm ":" hex   (algorithm [A-Za-z][A-Za-z0-9]*([+._-][A-Za-z][A-Za-z0-9]*)*, hex at least 32)
import { z } from 'zod';

const DOMAIN_COMPONENT = '(?:[a-zA-Z0-9]|[a-zA-Z0-9][a-zA-Z0-9-]*[a-zA-Z0-9])';
const HOST = `(?:${DOMAIN_COMPONENT}(?:\\.${DOMAIN_COMPONENT})*|\\[[a-fA-F0-9:.]+\\])`;
const DOMAIN = new RegExp(`^${HOST}(?::[0-9]+)?$`);
const PATH_COMPONENT = /^[a-z0-9]+(?:(?:[._]|__|[-]+)[a-z0-9]+)*$/;
const TAG = /^[\w][\w.-]{0,127}$/;
const DIGEST = /^[A-Za-z][A-Za-z0-9]*(?:[-_+.][A-Za-z][A-Za-z0-9]*)*:[0-9a-fA-F]{32,}$/;
const NAME_TOTAL_LENGTH_MAX = 255;
/** Longer than any reference the grammar allows (255 name + 128 tag + a sha512 digest). */
export const IMAGE_REFERENCE_MAX = 512;

export interface ImageReference {
  /** The registry as written (`ghcr.io`, `localhost:5000`), or null: Docker Hub. */
  domain: string | null;
  path: string;
  tag: string | null;
  digest: string | null;
}

/** Why `text` is not an image reference Docker accepts, or null when it is one. */
export function imageReferenceProblem(text: string): string | null {
  const parsed = parse(text);
  return typeof parsed === 'string' ? parsed : null;
}

/** The parts of a reference, or a MountbenchError-ready reason as a string. */
export function parseImageReference(text: string): ImageReference | string {
  return parse(text);
}

function parse(text: string): ImageReference | string {
  if (text.length === 0) return 'an image name is empty';
  if (text.length > IMAGE_REFERENCE_MAX) return `an image name is at most ${IMAGE_REFERENCE_MAX} characters`;
  let rest = text;
  let digest: string | null = null;
  const at = rest.indexOf('@');
  if (at >= 0) {
    digest = rest.slice(at + 1);
    rest = rest.slice(0, at);
    if (!DIGEST.test(digest)) return 'its digest is not algorithm:hex (like sha256: and 64 hex digits)';
  }
  const slashes = rest.split('/');
  if (slashes.some((part) => part === '.' || part === '..' || part.startsWith('..:')))
    return 'an image name has no . or .. parts';
  let domain: string | null = null;
  // Docker's rule: the first of several parts is a registry when it has a dot, a colon or a
  // capital, or is localhost (a capital then fails as a path part anyway).
  if (slashes.length > 1 && /[.:A-Z]|^localhost$/.test(slashes[0])) {
    domain = slashes.shift() as string;
    if (!DOMAIN.test(domain)) return `${quoted(domain)} is not a registry host[:port]`;
  }
  let tag: string | null = null;
  const last = slashes[slashes.length - 1];
  const colon = last.indexOf(':');
  if (colon >= 0) {
    tag = last.slice(colon + 1);
    slashes[slashes.length - 1] = last.slice(0, colon);
    if (!TAG.test(tag)) return `${quoted(tag)} is not a tag (letters, digits, _ . -, at most 128)`;
  }
  for (const component of slashes) {
    if (!PATH_COMPONENT.test(component))
      return `${quoted(component)} is not a name part (lower-case letters and digits, joined by . _ __ or -)`;
  }
  const path = slashes.join('/');
  const name = domain ? `${domain}/${path}` : path;
  if (name.length > NAME_TOTAL_LENGTH_MAX)
    return `an image name is at most ${NAME_TOTAL_LENGTH_MAX} characters before its tag`;
  // Docker refuses a bare 64-hex name: it reads as an image id.
  if (!domain && /^[a-f0-9]{64}$/.test(path)) return 'a 64-hex name is an image id, not a name';
  return { domain, path, tag, digest };
}

/** A piece of the user's text in a message: printable ASCII only, bounded. */
function quoted(part: string): string {
  return `"${part.replace(/[^\x20-\x7e]/g, '?').slice(0, 80)}"`;
}

/**
 * Whether the reference names a registry on a loopback address: the engine, not Mountbench, makes
 * that request, so such a name reaches whatever listens on the engine's own 127.0.0.1 (on Linux the
 * host's). Names that only resolve to loopback (DNS) are not caught here: nothing is resolved.
 */
export function registryIsLoopback(ref: ImageReference): boolean {
  if (!ref.domain) return false;
  const host = ref.domain.replace(/:[0-9]+$/, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (host.startsWith('[')) {
    const inner = host.slice(1, -1);
    return (
      inner === '::1' ||
      inner === '::' ||
      /^(?:0*:)*:?0*1$/.test(inner) ||
      /^::ffff:(127\.|0\.0\.0\.0)/.test(inner)
    );
  }
  if (/^127\.\d+\.\d+\.\d+$/.test(host) || host === '0.0.0.0') return true;
  // A host of digits (and dots, or 0x) that is not a plain dotted quad can be read as 127.0.0.1
  // by the engine's resolver (2130706433, 0x7f.1, 0177.0.0.1): refused as the same.
  const dottedQuad = /^(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(?:\.(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
  return /^(?:0x[0-9a-f]+|\d+)(?:\.(?:0x[0-9a-f]+|\d+))*$/.test(host) && !dottedQuad.test(host);
}

/** The schema every boundary uses for an image reference (run plans, sweeps, CLI flags). */
export const imageReferenceSchema = z
  .string()
  .max(IMAGE_REFERENCE_MAX)
  .superRefine((text, ctx) => {
    const problem = imageReferenceProblem(text);
    if (problem) ctx.addIssue({ code: z.ZodIssueCode.custom, message: `not an image reference: ${problem}` });
  });
