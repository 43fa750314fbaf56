// Testing Library's findBy… and waitFor give up after 1 s by default: a hang guard, not a timing
// check, and at load 11 on a 2-core machine (beside six busy loops and a benchmark) ResultsView's
// first render took longer, so two of its tests failed that pass alone in 0.5 s. The limit is a
// guard against a hang, so it is set as the unit projects' own time-outs are: far above any render.
import { configure } from '@testing-library/dom';

configure({ asyncUtilTimeout: 10_000 });
