// A project folder as a front door uses it: checked (a real folder, not the home or a system one),
// inspected (its build commands, images and dependency folders), and the dependency folders a
// custom workload can measure in a named volume.
export { checkProjectFolder } from './project-folder';
export { inspectProject } from './inspect-project';
export { findDependencyFolders as findKnownDependencyFolders } from '../fixtures/dependency-folders';
