import { UPLOAD_LIMITS } from '@chaupal/contract/limits';
import { API_BASE } from '../../api/client';

/** The errors of these steps that are not the API's own sentence (file-fields.tsx shows them in the page's language). */
export const UPLOAD_FAILED = 'The upload failed.';
export const RESIZE_FAILED = 'resize failed';

/** The longest side the server keeps (apps/server/src/platform/images.ts): nothing larger need travel. */
const MAX_SIDE = 2000;

/**
 * Prepares an image for upload, keeping it large: the server re-encodes it and makes the smaller sizes pages show
 * (decision 008). Scaled down only to MAX_SIDE, or, with `box`, to the least size that still covers the box (an image
 * drawn cropped to fill it, like a banner), as JPEG; an image already within that is sent as it is (PNG transparency
 * kept, nothing re-encoded twice), unless it is over the upload limit. SPEC §5's 300 × 500 resize is superseded
 * (decision 008): a 300 px image is blurry on any phone.
 */
export async function resizeImage(file: File, box?: { width: number; height: number }): Promise<Blob> {
  const bitmap = await createImageBitmap(file);
  const cover = box ? Math.max(box.width / bitmap.width, box.height / bitmap.height) : 1;
  const scale = Math.min(1, MAX_SIDE / bitmap.width, MAX_SIDE / bitmap.height, cover);
  if (
    scale === 1 &&
    (UPLOAD_LIMITS.imageTypes as readonly string[]).includes(file.type) &&
    file.size <= UPLOAD_LIMITS.imageBytes
  ) {
    bitmap.close();
    return file;
  }
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(bitmap.width * scale);
  canvas.height = Math.round(bitmap.height * scale);
  canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  return new Promise((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error(RESIZE_FAILED))), 'image/jpeg', 0.85),
  );
}

/** POST /uploadFile with upload progress (fetch reports none): resolves to the stored file's URL. */
export function uploadFile(
  token: string,
  file: Blob,
  name: string,
  onProgress?: (fraction: number) => void,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}/uploadFile`);
    xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress?.(e.loaded / e.total);
    xhr.onload = () => {
      const body = JSON.parse(xhr.responseText || '{}');
      if (xhr.status >= 200 && xhr.status < 300) resolve(body.url);
      else reject(new Error(body.error ?? UPLOAD_FAILED));
    };
    xhr.onerror = () => reject(new Error(UPLOAD_FAILED));
    const form = new FormData();
    form.append('file', file, name);
    xhr.send(form);
  });
}
