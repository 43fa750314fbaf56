// The images that say nothing about who ran them: Mountbench's own bench image, pinned, and the
// one built offline from the repository. Any other image is the user's and is not shared.
import benchImage from '../../../resources/bench-image.json';

export const BENCH_IMAGES: readonly string[] = [benchImage.image, 'mountbench/bench:offline'];
