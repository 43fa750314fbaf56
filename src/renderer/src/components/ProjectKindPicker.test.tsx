// @vitest-environment jsdom
// The kind-of-project pick: the default set first, each kind with the workloads it runs here, the
// kind the project looks like marked with its reason and one click away.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WorkloadInfo } from '../../../shared/api';
import { ProjectKindPicker } from './ProjectKindPicker';

const info = (id: string, title: string) => ({ id, title }) as unknown as WorkloadInfo;
const offered = [info('metadata-walk', 'Metadata walk'), info('small-file-read', 'Small-file read')];

afterEach(cleanup);
const input = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;

describe('ProjectKindPicker', () => {
  it('lists what each kind runs among the offered workloads, and disables a kind with none of them', () => {
    render(<ProjectKindPicker workloads={offered} chosen={null} suggested={null} onChoose={() => {}} />);
    expect(input('project-kind-none').checked).toBe(true);
    expect(input('project-kind-php-rails').checked).toBe(false);
    const rails = screen.getByTestId('project-kind-php-rails').closest('label')!;
    expect(rails.textContent).toContain('Metadata walk, Small-file read');
    expect(rails.textContent).not.toContain('page-reload');
    // The monorepo kind offers metadata-walk here; a kind of workloads none of which are offered is disabled.
    expect(input('project-kind-php-rails').disabled).toBe(false);
    cleanup();
    render(<ProjectKindPicker workloads={[]} chosen={null} suggested={null} onChoose={() => {}} />);
    expect(input('project-kind-node-frontend').disabled).toBe(true);
    expect(screen.queryByTestId('project-kind-suggestion')).toBeNull();
  });

  it('says which kind the project looks like and why, and picks it in one click', () => {
    const onChoose = vi.fn();
    const { rerender } = render(
      <ProjectKindPicker
        workloads={offered}
        chosen={null}
        suggested={{ id: 'php-rails', reason: 'composer.json is there' }}
        onChoose={onChoose}
      />,
    );
    expect(screen.getByTestId('project-kind-suggestion').textContent).toBe(
      'Your project looks like: PHP or Rails app (composer.json is there). Measure what it waits on',
    );
    expect(screen.getByTestId('project-kind-suggested-php-rails')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Measure what it waits on' }));
    expect(onChoose).toHaveBeenCalledWith('php-rails');
    rerender(
      <ProjectKindPicker
        workloads={offered}
        chosen="php-rails"
        suggested={{ id: 'php-rails', reason: 'composer.json is there' }}
        onChoose={onChoose}
      />,
    );
    expect(screen.queryByTestId('project-kind-suggestion')).toBeNull();
    fireEvent.click(screen.getByTestId('project-kind-none'));
    expect(onChoose).toHaveBeenLastCalledWith(null);
  });
});
