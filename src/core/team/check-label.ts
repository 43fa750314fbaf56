// The one name a user may give their machine in the dataset (docs/team.md): printable, short.
import { MountbenchError } from '../../shared/errors';
import { controlCharacterIn } from '../../shared/printable';

export function checkLabel(label: string | undefined | null): string | undefined {
  if (label === undefined || label === null) return undefined;
  const control = controlCharacterIn(label);
  if (control) throw new MountbenchError('BAD_INPUT', `the label holds ${control}`);
  if (label.trim() === '') throw new MountbenchError('BAD_INPUT', 'the label is empty');
  if (label.length > 200) throw new MountbenchError('BAD_INPUT', 'the label is longer than 200 characters');
  return label.trim();
}
