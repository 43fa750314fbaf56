// The project folders the dashboard inspected last, newest first, so `serve` can offer them again
// without typing. Kept in the data folder, written atomically; a file that cannot be read or parsed
// is treated as empty, never trusted: every entry is checked again before it is used.
import { join } from 'node:path';
import { z } from 'zod';
import { writeFileAtomic } from '../fs/atomic-write';
import { readRegularFile } from '../fs/read-regular-file';

export const MAX_RECENT_PROJECTS = 10;
const FILE = 'recent-projects.json';

const recentSchema = z.object({ folders: z.array(z.string().min(1).max(4096)).max(100) });

export async function readRecentProjects(dataDir: string): Promise<string[]> {
  try {
    const bytes = await readRegularFile(join(dataDir, FILE), { maxBytes: 256 * 1024, noFollow: true });
    const parsed = recentSchema.safeParse(JSON.parse(bytes.toString('utf8')));
    return parsed.success ? parsed.data.folders.slice(0, MAX_RECENT_PROJECTS) : [];
  } catch {
    return [];
  }
}

export async function rememberRecentProject(dataDir: string, folder: string): Promise<void> {
  const folders = [folder, ...(await readRecentProjects(dataDir)).filter((f) => f !== folder)];
  await writeFileAtomic(
    join(dataDir, FILE),
    `${JSON.stringify({ folders: folders.slice(0, MAX_RECENT_PROJECTS) }, null, 2)}\n`,
  );
}
