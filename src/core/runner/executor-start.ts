// What starting one backend's executor is given, whatever its mount: the run, the backend, its own
// folder, and the options every container executor shares (the engine, the image, its name, what
// serves the engine's VM). One start per mount kind, listed in mount-executors.ts.
import type Dockerode from 'dockerode';
import type { Backend } from '../../shared/result-schema';
import type { ServingProcess } from '../host-processes/serving-cost';
import type { BackendExecutor } from './executor';
import type { RunContext } from './run-context';

/** The options every container executor of a run shares. */
export interface ContainerBase {
  docker: Dockerode;
  image: string;
  name: string;
  runId: string;
  signal: AbortSignal;
  /** Loopback ports the container publishes (page-reload's web app). */
  publish?: number[];
  /** The host processes running the engine's VM: part of every container sample's cost. */
  serving?: ServingProcess[];
}

export interface ExecutorStartInput {
  ctx: RunContext;
  backend: Backend;
  /** The backend's own folder under the run's work folder (its host copies, its share). */
  dir: string;
  base: ContainerBase;
}

export type ExecutorStart = (input: ExecutorStartInput) => Promise<BackendExecutor>;
