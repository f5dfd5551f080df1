import sharp from 'sharp';
import { expect } from 'vitest';
import { multipartBody, type TestContext } from './harness';

/** A small valid PDF; `salt` makes its bytes (and so its stored name) differ. */
export const pdf = (salt: string) =>
  Buffer.from(
    `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n% ${salt}\ntrailer<</Root 1 0 R>>\n%%EOF\n`,
  );

/** A 40×30 JPEG whose red channel is `r` (so each is its own file). */
export const jpeg = (r: number) =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: { r, g: 80, b: 120 } } })
    .jpeg()
    .toBuffer();

/** Uploads a file as `token`'s user through POST /uploadFile and gives its URL. */
export async function upload(t: TestContext, token: string, filename: string, bytes: Buffer) {
  const body = await multipartBody([['file', { filename, bytes }]]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/backend/v1/uploadFile',
    payload: body.payload,
    headers: { authorization: `Bearer ${token}`, ...body.headers },
  });
  expect(res.statusCode).toBe(200);
  return res.json().url as string;
}
