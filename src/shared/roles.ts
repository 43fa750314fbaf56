// What a developer decides is where each kind of file lives, so backends are compared within the
// role they can serve: the source tree (the editor on the host and the container both touch it: a
// bind mount under some file-sharing setting, or a sync tool) and container-only data
// (dependencies, caches, databases: a named volume, the container layer, tmpfs for scratch). The
// host is the baseline, a yardstick in no role. Docker's own advice draws the same line (volumes
// for node_modules, bind mounts or sync for code): see docs/product-facts.md.

export const ROLES = ['source-tree', 'container-data'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  'source-tree': 'source tree (host and container both edit it)',
  'container-data': 'container-only data (dependencies, caches, databases, scratch)',
};

/** The role inside a sentence: "only option measured for the source tree". */
export const ROLE_NAMES: Record<Role, string> = {
  'source-tree': 'the source tree',
  'container-data': 'container-only data',
};

/** The role as a line's title: "Source tree: bind mount · native". */
export const ROLE_TITLES: Record<Role, string> = {
  'source-tree': 'Source tree',
  'container-data': 'Container-only data',
};
