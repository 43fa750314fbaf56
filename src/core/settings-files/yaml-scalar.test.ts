import { describe, expect, it } from 'vitest';
import { readYamlScalar, setYamlScalar } from './yaml-scalar';

const COLIMA = `# Number of CPUs to be allocated to the virtual machine.
cpu: 2

# Virtual machine type (qemu, vz)
vmType: qemu # the default

mountType: sshfs
mounts: []
env:
  FOO: bar
`;

describe('yaml scalar editor', () => {
  it('reads top-level values without comments or quotes', () => {
    expect(readYamlScalar(COLIMA, 'vmType')).toBe('qemu');
    expect(readYamlScalar(COLIMA, 'cpu')).toBe('2');
    expect(readYamlScalar('a: "x y"\n', 'a')).toBe('x y');
    expect(readYamlScalar(COLIMA, 'missing')).toBeNull();
    expect(readYamlScalar(COLIMA, 'FOO')).toBeNull();
  });

  it('changes one line and keeps every other byte, comments included', () => {
    const out = setYamlScalar(COLIMA, 'vmType', 'vz');
    expect(out).toBe(COLIMA.replace('vmType: qemu # the default', 'vmType: vz # the default'));
    expect(setYamlScalar(COLIMA, 'mountType', '9p')).toBe(
      COLIMA.replace('mountType: sshfs', 'mountType: 9p'),
    );
  });

  it('appends a missing key and quotes what needs quoting', () => {
    expect(setYamlScalar('a: 1', 'mountInotify', true)).toBe('a: 1\nmountInotify: true\n');
    expect(setYamlScalar('a: 1\n', 'b', 'x: y')).toBe('a: 1\nb: "x: y"\n');
  });

  it('refuses blocks, flow values and duplicated keys', () => {
    expect(() => setYamlScalar(COLIMA, 'env', 'x', 'colima.yaml')).toThrow(/block/);
    expect(() => setYamlScalar(COLIMA, 'mounts', 'x', 'colima.yaml')).toThrow(/does not edit/);
    expect(() => setYamlScalar('a: 1\na: 2\n', 'a', 3, 'c.yaml')).toThrow(/2 times/);
  });

  it.each([
    ['trailing blanks', 'vmType: vz   \n', 'vz'],
    ['a blank before the colon', 'vmType : vz\n', 'vz'],
    ['a quoted key', '"vmType": vz\n', 'vz'],
    ['a single-quoted key', "'vmType': 'vz'\n", 'vz'],
    ['a # inside quotes', 'vmType: "vz #1" # note\n', 'vz #1'],
    ['a comment and no value', 'vmType: # not set\n', null],
    ['CRLF line ends', 'cpu: 2\r\nvmType: vz \r\n', 'vz'],
    ['one plain scalar, not a key', 'vmType:vz\n', null],
  ])('reads valid YAML with %s as YAML does', (_case, text, value) => {
    expect(readYamlScalar(text, 'vmType')).toBe(value);
  });

  it('keeps trailing blanks and comments when it changes those lines', () => {
    expect(setYamlScalar('vmType : qemu  # note\n', 'vmType', 'vz')).toBe('vmType : vz  # note\n');
    expect(setYamlScalar('vmType: # not set\n', 'vmType', 'vz')).toBe('vmType: vz # not set\n');
    expect(setYamlScalar('"vmType": "qemu #1"\n', 'vmType', 'vz')).toBe('"vmType": vz\n');
  });
});
