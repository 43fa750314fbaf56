// The estimate's guess at laying a fixture, shared by the workloads that lay one: a streaming
// write of about 150 MB/s plus about 0.2 ms to create each file on a shared folder.
const FIXTURE_BYTES_PER_SECOND = 150e6;
const FIXTURE_SECONDS_PER_FILE = 2e-4;

export function fixtureSeconds(bytes: number, files: number): number {
  return bytes / FIXTURE_BYTES_PER_SECOND + files * FIXTURE_SECONDS_PER_FILE;
}
