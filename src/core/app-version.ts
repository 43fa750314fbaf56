import pkg from '../../package.json';

/** The version written into every result file, so a figure can be traced to the code that took it. */
export const APP_VERSION: string = pkg.version;
