// What the user can tell us so an action fits their install; every field is optional and an
// action without it says what it assumed.
export interface ActionOptions {
  /** e.g. `4.37.1`: picks settings.json (≤ 4.34) or settings-store.json (4.35+). */
  dockerDesktopVersion?: string;
  /** e.g. `1.20.1`: picks the `rdctl set` flag names. */
  rancherDesktopVersion?: string;
  /** The colima profile to create for a new VM type / mount type. */
  colimaProfile?: string;
  /** Where the project sits in the container, for compose snippets (default `/app`). */
  containerPath?: string;
}
