// The images that say nothing about who ran them: Mountbench's own bench image, pinned, the tools
// image it builds (git, node, fio…), and the two built offline from the repository. Any other image
// is the user's (a registry host, a team or a project in its name) and is not shared.
import benchImage from '../../../resources/bench-image.json';
import toolsImage from '../../../resources/tools-image.json';

export const BENCH_IMAGES: readonly string[] = [
  benchImage.image,
  'mountbench/bench:offline',
  toolsImage.image,
  'mountbench/tools:offline',
];
