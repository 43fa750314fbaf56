// Pictures of the dashboard for sharing: a PNG of a chart or a whole view (html-to-image draws the
// DOM into a canvas; the CSP's `img-src data:` allows the SVG it goes through), and the same PNG on
// the clipboard where the platform allows writing images.
import { toBlob } from 'html-to-image';

export interface PictureOptions {
  /** The page's background, so a dark-mode picture is not transparent. */
  backgroundColor: string;
}

/**
 * While drawing, the element is in "picture mode" (styles/components.css): scrolling boxes show
 * their whole content instead of scrollbars, and captions meant for the picture alone appear.
 */
export async function pictureOf(element: HTMLElement, options: PictureOptions): Promise<Blob> {
  element.classList.add('picture-mode');
  try {
    return await draw(element, options);
  } finally {
    element.classList.remove('picture-mode');
  }
}

async function draw(element: HTMLElement, options: PictureOptions): Promise<Blob> {
  const blob = await toBlob(element, {
    backgroundColor: options.backgroundColor,
    // Twice the pixels: crisp in slides and on high-density screens.
    pixelRatio: 2,
    // System fonts only: nothing to embed, and no font fetch the CSP would refuse.
    skipFonts: true,
    // Buttons are not part of a results picture.
    filter: (node) => !(node instanceof HTMLElement && node.dataset.noExport === 'true'),
  });
  if (!blob) throw new Error('The picture could not be drawn.');
  return blob;
}

/** Why copying an image cannot work here, or null when it can. */
export function clipboardImageProblem(): string | null {
  if (typeof ClipboardItem === 'undefined' || !navigator.clipboard?.write) {
    return 'This browser cannot put images on the clipboard: use "Save PNG" instead.';
  }
  if (!window.isSecureContext)
    return 'Copying images needs a secure page (https or localhost): use "Save PNG" instead.';
  return null;
}

export async function copyPicture(blob: Blob): Promise<void> {
  const problem = clipboardImageProblem();
  if (problem) throw new Error(problem);
  await navigator.clipboard.write([new ClipboardItem({ [blob.type || 'image/png']: blob })]);
}

/** The page background as the theme sets it, for the picture's backdrop. */
export function pageBackground(): string {
  const value = getComputedStyle(document.body).getPropertyValue('--bg').trim();
  return value || '#ffffff';
}
