// "My project": what Mountbench found in a project folder, offered as choices with where each came
// from, and the templates for common stacks. Shared: the dashboard and the CLI show the same data.
import { z } from 'zod';
import type { ProjectKindId } from './project-kinds';

/** Where a suggestion came from: a file of the project (relative path) and the key in it. */
export interface FoundIn {
  file: string;
  key: string;
}

/** An image the project declares (a compose service that bind-mounts it, or a dev container). */
export interface ImageSuggestion {
  image: string;
  /** The compose service's name; null for a dev container. */
  service: string | null;
  /** Where the project's own tools expect to run in the container (working_dir, workspaceFolder). */
  workingDir: string | null;
  from: FoundIn;
}

/** A command the project declares (a script, a build file's usual command, a service's command). */
export interface CommandSuggestion {
  command: string;
  from: FoundIn;
  /** Why to look twice before taking it (a command that looks like a server never ends). */
  warning?: string;
}

export interface ProjectInspection {
  /** The folder's base name: what results and exports are labelled with, never the path. */
  name: string;
  /** The checked, absolute folder, shown back to the user before anything runs. */
  folder: string;
  images: ImageSuggestion[];
  commands: CommandSuggestion[];
  /** Files that were there but could not be read or understood, in words. Nothing in them was used. */
  problems: string[];
  /** Folders the build keeps its dependencies in (node_modules, vendor/bundle, ...), found at the top. */
  dependencyFolders: string[];
  /** The kind of project its top-level files say it is, and why; null: nothing says (shared/project-kinds.ts). */
  kind: { id: ProjectKindId; reason: string } | null;
}

export interface ProjectTemplate {
  id: string;
  title: string;
  command: string;
  /** The image that has the tools the command needs. */
  image: string;
  /** What the template exercises on a file share, in a few words. */
  exercises: string;
}

/**
 * Templates for stacks whose project declares nothing usable. Images are the official ones on
 * Docker Hub (docs/product-facts.md); the user can change any of it before the run.
 */
export const PROJECT_TEMPLATES: readonly ProjectTemplate[] = [
  {
    id: 'jekyll-build',
    title: 'Jekyll build',
    command: 'bundle install --quiet && bundle exec jekyll build',
    image: 'ruby:3.3',
    exercises: 'many small reads (layouts, includes, posts) and a _site folder of writes',
  },
  {
    id: 'npm-ci-build',
    title: 'npm ci + build',
    command: 'npm ci && npm run build',
    image: 'node:22',
    exercises: 'tens of thousands of writes into node_modules, a folder that belongs in a volume',
  },
  {
    id: 'tsc-no-emit',
    title: 'TypeScript check (tsc --noEmit)',
    command: 'npx --no-install tsc --noEmit',
    image: 'node:22',
    exercises: 'many small reads of sources and type definitions, no writes',
  },
  {
    id: 'go-build',
    title: 'go build ./...',
    command: 'go build ./...',
    image: 'golang:1.23',
    exercises: 'reads of every package and writes to the build cache',
  },
  {
    id: 'test-suite',
    title: 'Test suite (npm test)',
    command: 'npm test',
    image: 'node:22',
    exercises: 'a mix: reads of sources and fixtures, small writes of snapshots and caches',
  },
];

/** A project folder as the page sends it: an absolute path, checked again by the core. */
export const projectFolderSchema = z.string().min(1).max(4096);

export interface ProjectChoice {
  command: CommandSuggestion | null;
  image: ImageSuggestion | null;
}

/**
 * What is offered first: the first image found, and the first command that does not look like a
 * server (one that never ends cannot be timed). The user confirms or edits both.
 */
export function defaultChoice(inspection: ProjectInspection): ProjectChoice {
  return {
    command: inspection.commands.find((c) => !c.warning) ?? null,
    image: inspection.images[0] ?? null,
  };
}

/** "compose.yaml (services.site.image)": where a suggestion came from, in one phrase. */
export function foundInWords(from: FoundIn): string {
  return `${from.file} (${from.key})`;
}
