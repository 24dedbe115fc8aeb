import { readFileSync } from "node:fs";
import { imageSize } from "image-size";

/** A picture's pixel size (image-size reads PNG, JPEG, WebP, AVIF, GIF and SVG headers); null when unreadable. */
export function pictureSize(absPath: string): { width: number; height: number } | null {
  try {
    const { width, height } = imageSize(readFileSync(/*turbopackIgnore: true*/ absPath));
    return width && height ? { width, height } : null;
  } catch {
    return null;
  }
}
