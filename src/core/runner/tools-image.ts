// Which image the workloads that need more than BusyBox (git, node, npm, fio, php) run in: the
// request's (--tools-image), else MOUNTBENCH_TOOLS_IMAGE, else the pinned default of
// resources/tools-image.json, checked by the same rules as the bench image.
import toolsImage from '../../../resources/tools-image.json';
import { MountbenchError } from '../../shared/errors';
import { imageReferenceProblem } from '../../shared/image-reference';
import { checkImageReference } from './image';

export const DEFAULT_TOOLS_IMAGE: string = toolsImage.image;
/** The Debian packages the default image is made of (the offline build installs the same). */
export const TOOLS_IMAGE_PACKAGES: readonly string[] = toolsImage.packages;

export function toolsImageFor(requested: string | undefined, env: NodeJS.ProcessEnv = process.env): string {
  if (requested !== undefined) return requested;
  const fromEnv = env.MOUNTBENCH_TOOLS_IMAGE;
  if (!fromEnv) return DEFAULT_TOOLS_IMAGE;
  const problem = imageReferenceProblem(fromEnv);
  if (problem)
    throw new MountbenchError('BAD_INPUT', `MOUNTBENCH_TOOLS_IMAGE is not an image reference: ${problem}`);
  return fromEnv;
}

/**
 * toolsImageFor, checked: a loopback registry only when typed (--tools-image) or set in the env. A
 * request naming the env's own image is the env's choice (Keep measuring carries the first half's
 * tools image, which MOUNTBENCH_TOOLS_IMAGE may have picked).
 */
export function checkedToolsImage(
  requested: string | undefined,
  env: NodeJS.ProcessEnv | undefined,
  typedImages: readonly string[] = [],
): string {
  const image = toolsImageFor(requested, env);
  const usersOwn =
    requested === undefined || typedImages.includes(image) || image === env?.MOUNTBENCH_TOOLS_IMAGE;
  checkImageReference(image, 'the tools image', usersOwn);
  return image;
}
