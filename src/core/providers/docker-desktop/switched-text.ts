// The settings file's text after a switch, computed in memory. The dry run and apply compute it
// before anything stops, so whatever would refuse the write (a key written twice, a missing
// object) refuses the switch while Docker Desktop and its containers are still running.
import { editJsonText } from '../../settings-files';
import type { DockerDesktopSettings } from './generations';
import { writesFor } from './variants';

export function switchedText(settings: DockerDesktopSettings, writes: ReturnType<typeof writesFor>): string {
  return editJsonText(
    settings.file.text,
    writes.map((w) => ({ path: [w.key], value: w.to })),
    settings.generation.file,
  );
}
