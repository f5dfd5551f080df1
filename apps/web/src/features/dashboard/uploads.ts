import { API_BASE } from '../../api/client';

/** SPEC §5: an image is resized in the browser to at most 300 by 500 px (or `box`), as JPEG, before upload. */
export async function resizeImage(file: File, box = { width: 300, height: 500 }): Promise<Blob> {
  const bitmap = await createImageBitmap(file);
  const scale = Math.min(1, box.width / bitmap.width, box.height / bitmap.height);
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(bitmap.width * scale);
  canvas.height = Math.round(bitmap.height * scale);
  canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('resize failed'))), 'image/jpeg', 0.85),
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
      else reject(new Error(body.error ?? 'The upload failed.'));
    };
    xhr.onerror = () => reject(new Error('The upload failed.'));
    const form = new FormData();
    form.append('file', file, name);
    xhr.send(form);
  });
}
