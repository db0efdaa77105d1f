/**
 * Pictures are made smaller in the browser before they are uploaded (ADR 0026): a phone camera's
 * 12 MB photo becomes a JPEG of at most 2000 px on its long edge, turned upright as the camera
 * meant it, so it fits every form's limit and goes up quickly on a slow connection. The server
 * still checks the bytes and the size of whatever arrives, exactly as before.
 */

/** The long edge, in pixels, of a picture as the browser sends it. */
export const MAX_LONG_EDGE = 2000;

/**
 * JPEG qualities tried in turn until the picture fits the form's limit: the first is close to a
 * camera's own; the others only matter for a form with a small limit (the 2 MB of the edit form)
 * and a picture full of fine detail.
 */
const JPEG_QUALITIES = [0.85, 0.72, 0.6] as const;

/** The size to draw a picture at: its long edge brought down to `max`, its proportions kept, never enlarged. */
export function fitWithin(width: number, height: number, max = MAX_LONG_EDGE): { width: number; height: number } {
  const long = Math.max(width, height);
  if (long <= max) return { width, height };
  const scale = max / long;
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** The file's name as a JPEG: the extension changes to .jpg unless it already says JPEG. */
export function jpegName(name: string): string {
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
  if (extension === 'jpg' || extension === 'jpeg') return name;
  return `${dot > 0 ? name.slice(0, dot) : name || 'picture'}.jpg`;
}

/**
 * Whether the first bytes are a JPEG's or a PNG's. Only those are made smaller: anything else
 * (a PDF, a GIF or HEIC renamed .jpg) goes up as it is, so the form's and the server's type rules
 * speak about the file the person chose rather than a JPEG the browser made of it.
 */
async function isJpegOrPng(file: Blob): Promise<boolean> {
  const head = new Uint8Array(await file.slice(0, 8).arrayBuffer());
  const jpeg = head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff;
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((byte, i) => head[i] === byte);
  return jpeg || png;
}

type Context2D = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;

function draw(context: Context2D, picture: ImageBitmap, width: number, height: number) {
  // JPEG has no transparency: what was see-through becomes white, as on paper, not black.
  context.fillStyle = '#fff';
  context.fillRect(0, 0, width, height);
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = 'high';
  context.drawImage(picture, 0, 0, width, height);
}

/** A canvas holding the picture at the given size, and how to encode it (OffscreenCanvas when there is one: no DOM needed). */
function canvasWith(picture: ImageBitmap, width: number, height: number): ((quality: number) => Promise<Blob | null>) | null {
  if (typeof OffscreenCanvas !== 'undefined') {
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d');
    if (!context) return null;
    draw(context, picture, width, height);
    return (quality) => canvas.convertToBlob({ type: 'image/jpeg', quality });
  }
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) return null;
  draw(context, picture, width, height);
  return (quality) => new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
}

/**
 * The file to upload for a picked picture, given the form's limit in bytes. A JPEG or PNG already
 * at most 2000 px on its long edge and within the limit goes up unchanged (a small PNG stays a PNG,
 * transparency and all). Any other JPEG or PNG is decoded with its EXIF orientation applied, drawn
 * at most 2000 px on its long edge and encoded as JPEG under the same name ending in .jpg. When the
 * browser cannot decode it, the original goes up and the form's and server's limits speak.
 */
export async function prepareImage(file: File, maxBytes: number): Promise<File> {
  if (typeof createImageBitmap !== 'function' || !(await isJpegOrPng(file))) return file;
  let picture: ImageBitmap;
  try {
    picture = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return file;
  }
  try {
    const size = fitWithin(picture.width, picture.height);
    const resized = size.width !== picture.width || size.height !== picture.height;
    if (!resized && file.size <= maxBytes) return file;
    const encode = canvasWith(picture, size.width, size.height);
    if (!encode) return file;
    let blob: Blob | null = null;
    for (const quality of JPEG_QUALITIES) {
      blob = await encode(quality);
      if (!blob || blob.size <= maxBytes) break;
    }
    if (!blob) return file;
    // Same size and no smaller: re-encoding did not help, so the person's own file goes up.
    if (!resized && blob.size >= file.size) return file;
    return new File([blob], jpegName(file.name), { type: 'image/jpeg', lastModified: file.lastModified });
  } catch {
    return file;
  } finally {
    picture.close();
  }
}
