import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findNfsExport, parseExportVariable } from './nfs-export';
import { nfsVolumeOptions } from './nfs-driver-options';

const dir = mkdtempSync(join(tmpdir(), 'mountbench-nfs-export-'));
const folder = join(dir, 'project');
mkdirSync(folder);

describe('findNfsExport', () => {
  it('takes MOUNTBENCH_NFS_EXPORT as it is, with the version asked for', () => {
    expect(
      findNfsExport({ MOUNTBENCH_NFS_EXPORT: `10.0.2.2:${folder}`, MOUNTBENCH_NFS_VERSION: '4.1' }),
    ).toEqual({
      found: { address: '10.0.2.2', path: folder, version: '4.1', source: 'MOUNTBENCH_NFS_EXPORT' },
    });
    expect(findNfsExport({ MOUNTBENCH_NFS_VERSION: '5' }).found).toBeNull();
    expect(parseExportVariable('a b:/x')).toMatch(/must be/);
    expect(parseExportVariable('host:relative')).toMatch(/must be/);
  });

  it('on a Mac takes the first writable -alldirs folder of /etc/exports, reached as host.docker.internal, NFSv3', () => {
    const file = join(dir, 'exports-mac');
    writeFileSync(
      file,
      `${dir}/missing -alldirs localhost\n${folder} -ro -alldirs\n${folder} -alldirs localhost\n`,
    );
    expect(findNfsExport({}, { platform: 'darwin', exportsFile: file })).toEqual({
      found: { address: 'host.docker.internal', path: folder, version: '3', source: `${file} line 3` },
    });
  });

  it('without an export says the commands to run, needing admin rights', () => {
    const lookup = findNfsExport({}, { platform: 'darwin', exportsFile: join(dir, 'none') });
    expect(lookup.found).toBeNull();
    const reason = lookup.found === null ? lookup.reason : '';
    expect(reason).toMatch(/does not exist/);
    expect(reason).toContain('sudo tee -a /etc/exports');
    expect(reason).toContain('nfs.server.mount.require_resv_port = 0');
    expect(reason).toContain('sudo nfsd restart');
  });
});

describe('nfsVolumeOptions', () => {
  it('is a local-driver NFS volume; NFSv3 without locking, NFSv4 with it', () => {
    expect(
      nfsVolumeOptions(
        { address: 'host.docker.internal', path: folder, version: '3', source: 'x' },
        `${folder}/b`,
      ),
    ).toEqual({
      Driver: 'local',
      DriverOpts: {
        type: 'nfs',
        o: 'addr=host.docker.internal,rw,hard,nfsvers=3,nolock',
        device: `:${folder}/b`,
      },
    });
    expect(
      nfsVolumeOptions({ address: '10.0.2.2', path: folder, version: '4', source: 'x' }, folder).DriverOpts.o,
    ).toBe('addr=10.0.2.2,rw,hard,nfsvers=4');
  });
});
