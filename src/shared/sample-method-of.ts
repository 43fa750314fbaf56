// A result's sample method with the schema's default filled in: files from before issue 22 have
// no `sampleMethod`, and every one of them ran its samples spaced.
import type { SampleMethod } from './run-plan';

export function sampleMethodOf(result: { sampleMethod?: SampleMethod }): SampleMethod {
  return result.sampleMethod ?? 'spaced';
}
