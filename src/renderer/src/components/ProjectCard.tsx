// "My project": the user's own build as a workload. The folder is typed (under home, or one of the
// recent ones) or, in the desktop app, picked in the system dialog; the core checks it and shows
// it back with what it found there (each choice with the file and key it came from) and the
// templates. The command runs only in a container of the chosen image, on a copy of the folder.
import { useEffect, useId, type ReactNode } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { foundInWords, PROJECT_TEMPLATES } from '../../../shared/project';
import { useSlice, useStores } from '../stores/StoresContext';

export function ProjectCard({ canPick }: { canPick: boolean }) {
  const stores = useStores();
  const p = useSlice(
    (s) => s.project,
    useShallow((s) => s),
  );
  const folderId = useId();
  useEffect(() => {
    void stores.project.getState().loadRecent();
  }, [stores]);
  const found = p.inspection;

  return (
    <fieldset className="choices project" data-testid="project-card">
      <legend>My project</legend>
      <p className="choice-detail">
        Time your own build: its command runs in a container of its image, on a copy of the folder; never on
        this machine itself.
      </p>
      <form
        className="project-folder"
        onSubmit={(e) => {
          e.preventDefault();
          if (p.typed.trim()) void p.inspect(p.typed.trim());
        }}
      >
        <label htmlFor={folderId}>Project folder (under your home)</label>
        <input
          id={folderId}
          type="text"
          value={p.typed}
          placeholder="~/code/my-site"
          spellCheck={false}
          onChange={(e) => p.type(e.target.value)}
          data-testid="project-folder-input"
        />
        <button
          type="submit"
          disabled={!p.typed.trim() || p.status === 'looking'}
          data-testid="project-inspect"
        >
          Look in this folder
        </button>
        {canPick && (
          <button type="button" onClick={() => void p.pick()} data-testid="project-pick">
            Choose folder…
          </button>
        )}
      </form>
      {p.recent.length > 0 && (
        <p className="choice-detail">
          Recent:{' '}
          {p.recent.map((folder, i) => (
            <button
              key={folder}
              type="button"
              className="link"
              onClick={() => void p.inspect(folder)}
              data-testid={`project-recent-${i}`}
            >
              {folder}
            </button>
          ))}
        </p>
      )}
      {p.status === 'looking' && <p role="status">Looking in the folder…</p>}
      {p.error && (
        <p className="callout" role="alert" data-testid="project-error">
          {p.error}
        </p>
      )}
      {found && (
        <div data-testid="project-found">
          <CheckChoice checked={p.included} onChange={p.include} testId="project-include">
            <span>
              Measure <strong data-testid="project-name">{found.name}</strong>{' '}
              <span className="choice-detail" data-testid="project-folder-shown">
                {found.folder}
              </span>
            </span>
          </CheckChoice>
          <Suggestions
            title="Images found"
            testId="project-image"
            items={found.images.map((i) => ({
              value: i.image,
              source: `${foundInWords(i.from)}${i.workingDir ? `, works in ${i.workingDir}` : ''}`,
            }))}
            chosen={p.image}
            onChoose={p.setImage}
          />
          <Suggestions
            title="Commands found"
            testId="project-command"
            items={found.commands.map((c) => ({
              value: c.command,
              source: foundInWords(c.from),
              ...(c.warning ? { warning: c.warning } : {}),
            }))}
            chosen={p.command}
            onChoose={p.setCommand}
          />
          <p className="choice-detail">Or a template:</p>
          <ul className="plain">
            {PROJECT_TEMPLATES.map((t) => (
              <li key={t.id}>
                <button
                  type="button"
                  className="link"
                  onClick={() => {
                    p.setCommand(t.command);
                    p.setImage(t.image);
                  }}
                  data-testid={`project-template-${t.id}`}
                >
                  {t.title}
                </button>{' '}
                <span className="choice-detail">
                  {t.image}: {t.exercises}
                </span>
              </li>
            ))}
          </ul>
          <TextField
            label="Command (run with sh in the copy of the folder)"
            value={p.command}
            onChange={p.setCommand}
            testId="project-command-input"
          />
          <TextField label="Image" value={p.image} onChange={p.setImage} testId="project-image-input" />
          {found.dependencyFolders.length > 0 && (
            <CheckChoice
              checked={p.splitDependency}
              onChange={p.setSplitDependency}
              testId="project-split-dependency"
            >
              <span>
                Also with <code>{found.dependencyFolders[0]}</code> in a named volume{' '}
                <span className="choice-detail" data-testid="project-dependency-folders">
                  (what the guides recommend; measured beside each bind mount. Found:{' '}
                  {found.dependencyFolders.join(', ')})
                </span>
              </span>
            </CheckChoice>
          )}
          <CheckChoice checked={p.coldCache} onChange={p.setColdCache} testId="project-cold-cache">
            <span>
              Cold cache{' '}
              <span className="choice-detail">
                (the engine VM&apos;s page cache is dropped before every sample, as after a reboot; refused
                with the reason where the engine is not a VM of yours)
              </span>
            </span>
          </CheckChoice>
          {found.problems.length > 0 && (
            <ul className="plain choice-detail" data-testid="project-problems">
              {found.problems.map((problem) => (
                <li key={problem}>Not used: {problem}</li>
              ))}
            </ul>
          )}
        </div>
      )}
    </fieldset>
  );
}

function CheckChoice(props: {
  checked: boolean;
  onChange(on: boolean): void;
  testId: string;
  children: ReactNode;
}) {
  return (
    <label className="choice">
      <input
        type="checkbox"
        checked={props.checked}
        onChange={(e) => props.onChange(e.target.checked)}
        data-testid={props.testId}
      />
      {props.children}
    </label>
  );
}

function TextField(props: { label: string; value: string; onChange(value: string): void; testId: string }) {
  const id = useId();
  return (
    <>
      <label htmlFor={id}>{props.label}</label>
      <input
        id={id}
        type="text"
        value={props.value}
        spellCheck={false}
        onChange={(e) => props.onChange(e.target.value)}
        data-testid={props.testId}
      />
    </>
  );
}

interface Suggestion {
  value: string;
  source: string;
  warning?: string;
}

function Suggestions(props: {
  title: string;
  testId: string;
  items: Suggestion[];
  chosen: string;
  onChoose(value: string): void;
}) {
  const name = useId();
  if (!props.items.length)
    return (
      <p className="choice-detail" data-testid={`${props.testId}-none`}>
        {props.title}: none
      </p>
    );
  return (
    <fieldset className="choices">
      <legend>{props.title}</legend>
      {props.items.map((item, i) => (
        <label key={`${item.value}-${i}`} className="choice">
          <input
            type="radio"
            name={name}
            checked={props.chosen === item.value}
            onChange={() => props.onChoose(item.value)}
            data-testid={`${props.testId}-${i}`}
          />
          <span>
            <code>{item.value}</code> <span className="choice-detail">from {item.source}</span>
            {item.warning && <span className="choice-detail"> ⚠ {item.warning}</span>}
          </span>
        </label>
      ))}
    </fieldset>
  );
}
