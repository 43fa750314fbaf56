import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { editJsonText, parseJsonSettings } from './json-edit';

const FIXTURES = path.resolve(__dirname, '../../../test/fixtures/products/docker-desktop');

describe('editJsonText', () => {
  it('changes only the owned value; every other byte of a real settings-store.json stays', () => {
    const text = readFileSync(path.join(FIXTURES, 'settings-store-json-4.35/settings-store.json'), 'utf8');
    const out = editJsonText(text, [{ path: ['UseVirtualizationFrameworkVirtioFS'], value: false }]);
    expect(out).toBe(
      text.replace(
        '"UseVirtualizationFrameworkVirtioFS": true',
        '"UseVirtualizationFrameworkVirtioFS": false',
      ),
    );
    expect(JSON.parse(out).UseVirtualizationFrameworkVirtioFS).toBe(false);
  });

  it('keeps unknown keys, odd spacing and key order byte for byte', () => {
    const text = '{\n\t"zzUnknown" :  {"a":[1, 2 ,3]},\n\t"useGrpcfuse":true ,\n\t"x\\"y": "\\u00e9"\n}\n';
    const out = editJsonText(text, [{ path: ['useGrpcfuse'], value: false }]);
    expect(out).toBe(text.replace('"useGrpcfuse":true', '"useGrpcfuse":false'));
  });

  it('inserts a missing key after its siblings, with their indentation', () => {
    const text = '{\n    "a": 1,\n    "b": {\n        "c": true\n    }\n}\n';
    expect(editJsonText(text, [{ path: ['b', 'd'], value: 'x' }])).toBe(
      '{\n    "a": 1,\n    "b": {\n        "c": true,\n        "d": "x"\n    }\n}\n',
    );
    expect(editJsonText('{"a": 1, "b": 2}', [{ path: ['c'], value: null }])).toBe(
      '{"a": 1, "b": 2, "c": null}',
    );
    expect(editJsonText('{}', [{ path: ['c'], value: 1 }])).toBe('{"c": 1}');
  });

  it('removes a key with the comma that joined it', () => {
    expect(editJsonText('{\n  "a": 1,\n  "b": 2\n}', [{ path: ['b'], value: undefined }])).toBe(
      '{\n  "a": 1\n}',
    );
    expect(editJsonText('{"a": 1, "b": 2}', [{ path: ['a'], value: undefined }])).toBe('{"b": 2}');
    expect(editJsonText('{"a": 1}', [{ path: ['a'], value: undefined }])).toBe('{}');
  });

  it('refuses truncated JSON, duplicate keys and a missing parent object', () => {
    expect(() => editJsonText('{"a": tru', [{ path: ['a'], value: false }], 'f.json')).toThrow(
      /f\.json is not valid JSON/,
    );
    expect(() => editJsonText('{"a": 1, "a": 2}', [{ path: ['a'], value: 3 }], 'f.json')).toThrow(
      /key a twice/,
    );
    expect(() => editJsonText('{"a": 1}', [{ path: ['x', 'y'], value: 3 }], 'f.json')).toThrow(
      /no object at x/,
    );
  });

  it('reads and edits a file that starts with a byte-order mark, keeping the mark', () => {
    const out = editJsonText('\ufeff{"a": true, "b": 1}', [{ path: ['a'], value: false }], 'bom.json');
    expect(out).toBe('\ufeff{"a": false, "b": 1}');
    expect(parseJsonSettings('\ufeff{"a": 1}', 'bom.json')).toEqual({ a: 1 });
  });
});
