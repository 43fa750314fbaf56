/** See cli-bundled-dependencies.mjs. */
export declare const CLI_BUNDLED_DEPENDENCIES: string[];
