// The two machine facts that decide which variants a product offers: the chip and the macOS
// version. MOUNTBENCH_HOST="darwin arm64 14.5" overrides them, so the Mac providers' availability
// rules can be tested (and demonstrated) on any machine with stand-in CLIs.
import { execFile } from 'node:child_process';
import os from 'node:os';
import { parseHostOverride, type HostFacts } from '../machine/host-override';
import { parseSwVers } from '../machine/parse-sw-vers';

export { parseHostOverride, type HostFacts };

function run(command: string, args: string[]): Promise<string | null> {
  return new Promise((resolve) => {
    execFile(command, args, { timeout: 5000, encoding: 'utf8' }, (err, out) => resolve(err ? null : out));
  });
}

export async function hostFacts(env: NodeJS.ProcessEnv = process.env): Promise<HostFacts> {
  const override = parseHostOverride(env.MOUNTBENCH_HOST);
  if (override) return override;
  if (process.platform !== 'darwin')
    return {
      platform: process.platform,
      arch: os.machine() === 'aarch64' ? 'arm64' : process.arch,
      macosVersion: null,
    };
  const [arm64, swVers] = await Promise.all([run('sysctl', ['-n', 'hw.optional.arm64']), run('sw_vers', [])]);
  const parsed = swVers ? parseSwVers(swVers) : null;
  return {
    platform: 'darwin',
    arch: arm64?.trim() === '1' ? 'arm64' : process.arch,
    macosVersion: parsed ? parsed.version.split(' ')[0] : null,
  };
}

// Pure, and kept apart so a product's facts can compare versions without loading sw_vers' runner.
export { compareVersions, versionAtLeast } from './version-compare';
