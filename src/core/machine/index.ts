export { getMachineInfo } from './machine-info';
export { buildMachineInfo, type MachineFacts } from './build-machine-info';
export { gatherMachineFacts } from './gather-facts';
export { osFromOsRelease, parseOsRelease } from './parse-os-release';
export { parseSwVers } from './parse-sw-vers';
export { cpuModelFromCpuinfo } from './parse-cpuinfo';
export { normalizeArch, parseSysctlFlag } from './parse-sysctl';
