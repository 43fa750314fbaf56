// An app opened from the Finder gets launchd's minimal PATH (/usr/bin:/bin:/usr/sbin:/sbin), so
// `docker`, `rdctl` and `colima` — which the providers run, also to put settings back after a crash —
// would not be found. Add the folders their installers use, after what is already there.
import { delimiter, join } from 'node:path';

export function withProductFolders(path: string | undefined, home: string): string {
  const current = (path ?? '').split(delimiter).filter(Boolean);
  const known = [
    '/opt/homebrew/bin',
    '/usr/local/bin',
    join(home, '.rd', 'bin'),
    join(home, '.docker', 'bin'),
    '/Applications/Docker.app/Contents/Resources/bin',
    join(home, '.orbstack', 'bin'),
  ];
  return [...current, ...known.filter((dir) => !current.includes(dir))].join(delimiter);
}
