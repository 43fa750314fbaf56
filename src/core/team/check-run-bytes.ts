// The checks a dataset file's bytes pass before its run is shown: UTF-8, the JSON limits and the
// result schema (parseRunFileText), plausible numbers, no control characters, and the run id its
// file name promises. Pure and synchronous, so the main thread and a check worker
// (dataset-check-worker.ts) run exactly the same code and refuse with the same words.
import { findControlCharacter, jsonMightHoldControl } from '../../shared/printable';
import type { RunFile } from '../../shared/result-schema';
import { parseRunFileText } from '../store/parse-run-file';
import { checkRunPlausible } from '../store/run-plausibility';

/** Where the bytes came from: the run id the file name says, and the file's dataset-relative path. */
export interface RunPlace {
  runId: string;
  relative: string;
}

/** The run in `bytes`, checked as an import is; throws with the reason it is refused. */
export function checkRunBytes(bytes: Uint8Array, place: RunPlace): RunFile {
  const { relative } = place;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new Error('it is not UTF-8 text');
  }
  const run = parseRunFileText(text, relative);
  checkRunPlausible(run, relative);
  // Only text with an escape or one of these characters raw can hold a control character in a
  // string (jsonMightHoldControl): most files need no walk of every value.
  const control = jsonMightHoldControl(text) ? findControlCharacter(run) : null;
  if (control !== null) throw new Error(`${control}, a control character no label may hold`);
  if (run.id !== place.runId)
    throw new Error(`it holds run ${run.id}, but its file name says ${place.runId}`);
  return run;
}
