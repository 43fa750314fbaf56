// What a sweep is asked to do: the schema lives in src/shared (the dashboard sends it too).
export { sweepRequestSchema, type SweepRequest } from '../../shared/sweep';
