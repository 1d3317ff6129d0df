/** Pixel rectangle of a crop, as the crop area reports it. */
export interface CropArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The output size of a crop scaled so its larger side is at most `maxSide` (never enlarged). */
export function fitWithin(width: number, height: number, maxSide: number): { width: number; height: number } {
  const w = Math.max(1, Math.round(width));
  const h = Math.max(1, Math.round(height));
  const scale = Math.min(1, maxSide / Math.max(w, h));
  return { width: Math.max(1, Math.round(w * scale)), height: Math.max(1, Math.round(h * scale)) };
}

/** 1536 → "1.5 KB" (the size in the upload messages of features §5.4). */
export function fileSizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let v = bytes / 1024;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${Number.isInteger(v) ? v : v.toFixed(2)} ${units[i]}`;
}

/** The checks of features §5.4 before a file is read: type and size. Null when the file may be used. */
export function imageFileProblem(file: { name: string; size: number; type: string }, maxBytes: number): string | null {
  const allowed = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];
  if (!allowed.includes(file.type)) return `File "${file.name}" has invalid type. Allowed types: ${allowed.join(', ')}`;
  if (file.size > maxBytes)
    return `File "${file.name}" size is ${fileSizeText(file.size)}. Max size is ${fileSizeText(maxBytes)}`;
  return null;
}

/** Draws the crop of an image on a canvas no larger than `maxSide` and encodes it as PNG. */
export async function cropToPng(src: string, area: CropArea, maxSide: number): Promise<Blob> {
  const img = new Image();
  img.src = src;
  await img.decode();
  const size = fitWithin(area.width, area.height, maxSide);
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('This browser cannot draw images.');
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(img, area.x, area.y, area.width, area.height, 0, 0, size.width, size.height);
  return new Promise((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('The image could not be encoded.'))), 'image/png'),
  );
}
