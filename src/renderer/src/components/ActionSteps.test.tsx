// @vitest-environment jsdom
// The apply steps as the card shows them: Docker Desktop's VirtioFS action, in the core's shape (a
// lead-in note, three settings, three caveat notes, a compose file), numbers only the four things to do.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ActionStep } from '../../../shared/recommendation';
import { groupActionSteps } from './action-step-groups';
import { ActionSteps } from './ActionSteps';

const where = '~/Library/Group Containers/group.com.docker/settings-store.json';
const steps: ActionStep[] = [
  {
    kind: 'note',
    text: 'In Docker Desktop: Settings › General, then Apply & restart. Or, with Docker Desktop quit:',
  },
  { kind: 'setting', where, key: 'UseVirtualizationFramework', value: true },
  { kind: 'setting', where, key: 'UseVirtualizationFrameworkVirtioFS', value: true },
  { kind: 'setting', where, key: 'UseLibkrun', value: false },
  { kind: 'note', text: 'UseLibkrun is read from real settings files, not documented.' },
  { kind: 'note', text: 'Docker Desktop 4.34 and older keep these in settings.json.' },
  { kind: 'note', text: 'Edit the file only while Docker Desktop is quit.' },
  { kind: 'file', name: 'compose.yaml', why: ':cached on the bind mount', text: 'services: {}\n' },
];

afterEach(cleanup);

describe('apply steps: only what the user does is numbered', () => {
  it('groups notes apart and keeps counting across them', () => {
    expect(
      groupActionSteps(steps).map((g) => (g.kind === 'notes' ? g.texts.length : [g.start, g.steps.length])),
    ).toEqual([1, [1, 3], 3, [4, 1]]);
  });

  it('renders the settings as steps 1–3 and the file as step 4, the notes as plain paragraphs', () => {
    render(<ActionSteps steps={steps} />);
    const block = screen.getByTestId('recommendation-steps');
    const lists = [...block.querySelectorAll('ol')];
    expect(lists.map((ol) => [ol.start, ol.querySelectorAll('li').length])).toEqual([
      [1, 3],
      [4, 1],
    ]);
    expect(block.querySelectorAll('li')).toHaveLength(4);
    expect(
      [...block.querySelectorAll('li')].some((li) => li.textContent?.includes('UseLibkrun is read')),
    ).toBe(false);
    expect([...block.querySelectorAll('.step-note')].map((p) => p.textContent)).toHaveLength(4);
    // Copy buttons keep the step's place in the core's list, so their ids do not move with the layout.
    expect(screen.getByTestId('copy-step-7')).toBeTruthy();
    expect(screen.queryByTestId('copy-step-0')).toBeNull();
  });

  it('a list of notes only has no numbers at all', () => {
    render(
      <ActionSteps steps={[{ kind: 'note', text: 'Mountbench does not know which mount type this is.' }]} />,
    );
    expect(screen.getByTestId('recommendation-steps').querySelector('ol')).toBeNull();
  });
});
