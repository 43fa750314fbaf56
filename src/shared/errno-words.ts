// A system error's code in words (ENOTDIR: "part of the path is a file, not a folder"), for every
// message that names one: the CLI's last line, the store's check of the results folder.

const ERRNO_WORDS: Record<string, string> = {
  ENOTDIR: 'part of the path is a file, not a folder',
  EISDIR: 'it is a folder, not a file',
  ENOENT: 'no such file or folder',
  EACCES: 'permission denied',
  EPERM: 'not permitted',
  EROFS: 'the disk is read-only',
  ENOSPC: 'the disk is full',
  EDQUOT: 'the disk quota is used up',
  EMFILE: 'too many open files',
  ENAMETOOLONG: 'the path is too long',
  ELOOP: 'too many symbolic links in the path',
  EEXIST: 'it already exists',
};

/** "part of the path is a file, not a folder" for ENOTDIR; null for a code without words here. */
export function errnoWords(code: unknown): string | null {
  return typeof code === 'string' ? (ERRNO_WORDS[code] ?? null) : null;
}
