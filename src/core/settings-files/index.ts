// Safe edits of other products' settings files. Providers use only these to touch a file.
export {
  readSettingsFile,
  readSettingsBytes,
  writeSettingsFile,
  assertWritable,
  SETTINGS_FILE_MAX_BYTES,
  type SettingsFile,
} from './settings-file';
export { editJsonText, parseJsonSettings, getJsonPath, type JsonEdit } from './json-edit';
export { readYamlScalar, setYamlScalar, type YamlScalar } from './yaml-scalar';
export { readSettingsVersion, requireKnownVersion, type SettingsVersion } from './versioned';
