import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { documents, siteSettings, uploads } from '../../db/schema';
import { createStorage } from '../../platform/storage';
import { api, newPerson, setStatus, verifiedContributor } from '../../test/accounts';
import { multipartBody, type TestContext, type TFormValue, testApp } from '../../test/harness';
import { collectGarbage, storeFile } from './uploads.service';

let t: TestContext;
let token: string;
beforeAll(async () => {
  t = await testApp({ RATE_LIMIT_FACTOR: '100' });
  token = (await verifiedContributor(t)).token;
});
afterAll(() => t.close());

const upload = async (file: TFormValue | null, as = token) => {
  const body = await multipartBody(file ? [['file', file]] : [['note', 'no file here']]);
  return t.app.inject({
    method: 'POST',
    url: '/api/backend/v1/uploadFile',
    payload: body.payload,
    headers: { ...body.headers, ...(as ? { authorization: `Bearer ${as}` } : {}) },
  });
};
const uploaded = (url: string) => t.app.inject({ method: 'GET', url });

/** A small but valid PDF, written by hand; `salt` makes its bytes unique. */
const pdf = (salt = '') =>
  Buffer.from(
    `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n% ${salt}\ntrailer<</Root 1 0 R>>\n%%EOF\n`,
  );

/** A ZIP with stored (uncompressed) entries: enough for a .docx as file-type recognises one. */
function storedZip(entries: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const data = Buffer.from(text);
    const fileName = Buffer.from(name);
    const head = Buffer.alloc(30);
    head.writeUInt32LE(0x04034b50, 0);
    head.writeUInt16LE(20, 4);
    head.writeUInt32LE(crc32(data), 14);
    head.writeUInt32LE(data.length, 18);
    head.writeUInt32LE(data.length, 22);
    head.writeUInt16LE(fileName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc32(data), 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(head, fileName, data);
    centrals.push(central, fileName);
    offset += head.length + fileName.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(centrals.length / 2, 8);
  end.writeUInt16LE(centrals.length / 2, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const docx = storedZip({
  '[Content_Types].xml':
    '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  'word/document.xml': '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"/>',
});

/** An OLE compound file (the container of .doc, .xls, .ppt), with or without a Word stream. */
const compoundFile = (word: boolean) =>
  Buffer.concat([
    Buffer.from('d0cf11e0a1b11ae1', 'hex'),
    Buffer.alloc(1024),
    Buffer.from(word ? 'WordDocument' : 'Workbook', 'utf16le'),
    Buffer.alloc(512),
  ]);

const unsupported = {
  success: false,
  error: 'That file type is not accepted.',
  details: [{ parameter: 'file', errors: ['Accepted: jpeg, png, webp, pdf, doc, docx'] }],
};

describe('POST /uploadFile', () => {
  it('re-encodes a photo upright and without its EXIF, GPS included', async () => {
    const photo = await sharp({ create: { width: 200, height: 100, channels: 3, background: '#3a7' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExifMerge({ IFD0: { Make: 'TestCam' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '28/1 36/1 0/1' } })
      .toBuffer();
    const before = await sharp(photo).metadata();
    // The GPS IFD pointer (tag 0x8825, little-endian) is there before the upload.
    expect(before.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true);

    const res = await upload({ filename: 'Holiday Photo.JPG', bytes: photo, type: 'image/jpeg' });
    expect(res.statusCode).toBe(200);
    const { url } = res.json().data;
    expect(res.json()).toEqual({ success: true, url, data: { url } });
    expect(url).toMatch(/^\/uploads\/[0-9a-f]{64}-100x200\/holiday-photo\.jpg$/);

    const served = await uploaded(url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    const after = await sharp(served.rawPayload).metadata();
    expect(after).toMatchObject({ format: 'jpeg', width: 100, height: 200 });
    expect(after.exif).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    // Re-encoding is deterministic, so the same photo again is the same stored file.
    expect((await upload({ filename: 'Holiday Photo.JPG', bytes: photo })).json().url).toBe(url);
  });

  it('stores WebP variants beside an image at the widths narrower than it, never upscaled', async () => {
    const photo = await sharp({ create: { width: 1000, height: 600, channels: 3, background: '#c52' } })
      .png()
      .toBuffer();
    const { url } = (await upload({ filename: 'wide.png', bytes: photo })).json();
    expect(url).toMatch(/^\/uploads\/[0-9a-f]{64}-1000x600\/wide\.png$/);
    const folder = url.slice(0, url.lastIndexOf('/'));
    for (const width of [320, 640, 960]) {
      const res = await uploaded(`${folder}/_w${width}.webp`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(await sharp(res.rawPayload).metadata()).toMatchObject({
        format: 'webp',
        width,
        height: Math.round((width * 600) / 1000),
      });
    }
    // Not as wide as 1280 px: that width is left to the original.
    expect((await uploaded(`${folder}/_w1280.webp`)).statusCode).toBe(404);

    const small = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#25c' } })
      .jpeg()
      .toBuffer();
    const smallUrl = (await upload({ filename: 'small.jpg', bytes: small })).json().url as string;
    expect(smallUrl).toMatch(/-300x200\/small\.jpg$/);
    expect((await uploaded(`${smallUrl.slice(0, smallUrl.lastIndexOf('/'))}/_w320.webp`)).statusCode).toBe(404);
  });

  it('stores a PDF under its safe file name, byte for byte', async () => {
    const bytes = pdf('report');
    const res = await upload({ filename: 'My Report (Final).PDF', bytes });
    expect(res.statusCode).toBe(200);
    const url: string = res.json().url;
    expect(url.split('/').pop()).toBe('my-report-final.pdf');
    const served = await uploaded(url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(Buffer.compare(served.rawPayload, bytes)).toBe(0);
    const [row] = await t.db.select().from(uploads).where(eq(uploads.url, url));
    expect(row).toMatchObject({ mime: 'application/pdf', size: bytes.length, originalName: 'My Report (Final).PDF' });
  });

  it('serves a PDF with a page of HTML appended as a sandboxed download, never as a page of the site', async () => {
    const bytes = Buffer.concat([pdf('appended'), Buffer.from('<html><script>alert(document.cookie)</script></html>')]);
    const res = await upload({ filename: 'Price List.pdf', bytes });
    expect(res.statusCode).toBe(200);
    const served = await uploaded(res.json().url);
    expect(served.statusCode).toBe(200);
    expect(served.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-disposition': 'attachment; filename="price-list.pdf"',
      'content-security-policy': "default-src 'none'; sandbox",
      'x-content-type-options': 'nosniff',
    });
  });

  it('serves an image inline under the same sandbox, the bytes appended to it dropped by the re-encoding', async () => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#5a5' } })
      .png()
      .toBuffer();
    const bytes = Buffer.concat([png, Buffer.from('<html><script>alert(document.cookie)</script></html>')]);
    const res = await upload({ filename: 'badge.png', bytes });
    expect(res.statusCode).toBe(200);
    const served = await uploaded(res.json().url);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.includes('<script')).toBe(false);
    expect(served.headers).toMatchObject({
      'content-type': 'image/png',
      'content-security-policy': "default-src 'none'; sandbox",
      'x-content-type-options': 'nosniff',
    });
    expect(served.headers['content-disposition']).toBeUndefined();
  });

  it('names a file by the type of its bytes, whatever its own extension says', async () => {
    const res = await upload({ filename: 'notes.html', bytes: pdf('html') });
    expect(res.statusCode).toBe(200);
    expect(res.json().url).toMatch(/\/notes\.pdf$/);
  });

  it('accepts a .docx and a Word .doc, and refuses another compound file named .doc with 415', async () => {
    const word = await upload({ filename: 'letter.docx', bytes: docx });
    expect(word.statusCode).toBe(200);
    expect(word.json().url).toMatch(/\/letter\.docx$/);
    const doc = await upload({ filename: 'old letter.doc', bytes: compoundFile(true) });
    expect(doc.statusCode).toBe(200);
    const [row] = await t.db.select().from(uploads).where(eq(uploads.url, doc.json().url));
    expect(row.mime).toBe('application/msword');
    const sheet = await upload({ filename: 'sheet.doc', bytes: compoundFile(false) });
    expect(sheet.statusCode).toBe(415);
    expect(sheet.json()).toEqual(unsupported);
  });

  it('refuses a program named photo.jpg with 415, by its bytes', async () => {
    const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(2048)]);
    const res = await upload({ filename: 'photo.jpg', bytes: elf, type: 'image/jpeg' });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual(unsupported);
    const exe = await upload({ filename: 'photo.jpg', bytes: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(2048)]) });
    expect(exe.statusCode).toBe(415);
    expect(exe.json()).toEqual(unsupported);
  });

  it('refuses an image sharp cannot decode with 415', async () => {
    const broken = Buffer.concat([Buffer.from('ffd8ffe000104a46494600', 'hex'), Buffer.alloc(4096, 7)]);
    const res = await upload({ filename: 'broken.jpg', bytes: broken });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({
      success: false,
      error: 'That file type is not accepted.',
      details: [{ parameter: 'file', errors: ['The image could not be read'] }],
    });
  });

  it('refuses an image over 5 MB with 413', async () => {
    const noise = await sharp({
      create: {
        width: 1400,
        height: 1400,
        channels: 3,
        background: '#000',
        noise: { type: 'gaussian', mean: 128, sigma: 30 },
      },
    })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(noise.length).toBeGreaterThan(5 * 1024 * 1024);
    const res = await upload({ filename: 'noise.png', bytes: noise });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      success: false,
      error: 'The upload is too large.',
      details: [{ parameter: 'file', errors: ['At most 5 MB for an image'] }],
    });
  });

  it('refuses a document over 10 MB with 413', async () => {
    const big = Buffer.concat([pdf('big'), Buffer.alloc(10 * 1024 * 1024 + 1, 32)]);
    const res = await upload({ filename: 'big.pdf', bytes: big });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      success: false,
      error: 'The upload is too large.',
      details: [{ parameter: 'file', errors: ['At most 10 MB'] }],
    });
  });

  it('answers the same URL for the same file, stored once', async () => {
    const bytes = pdf('twice');
    const first = await upload({ filename: 'twice.pdf', bytes });
    const second = await upload({ filename: 'twice.pdf', bytes });
    expect(second.statusCode).toBe(200);
    expect(second.json().url).toBe(first.json().url);
    expect(await t.db.select().from(uploads).where(eq(uploads.url, first.json().url))).toHaveLength(1);
  });

  it('requires the file part with 400, and refuses a body of another type with 415', async () => {
    const missing = await upload(null);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      success: false,
      error: 'The request has invalid fields.',
      details: [{ parameter: 'file', errors: ['Required'] }],
    });
    const json = await api(t).post('/uploadFile', { file: 'x' }, token);
    expect(json.statusCode).toBe(400);
    expect(json.json()).toEqual(missing.json());
    const xml = await t.app.inject({
      method: 'POST',
      url: '/api/backend/v1/uploadFile',
      payload: '<file/>',
      headers: { 'content-type': 'application/xml', authorization: `Bearer ${token}` },
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json()).toEqual({
      success: false,
      error: 'That request body format is not accepted.',
      details: [{ parameter: 'content-type', errors: ['Send multipart/form-data'] }],
    });
  });

  it('answers 401 without a token, 403 hold for a held account, 403 active for an unverified one', async () => {
    const file = { filename: 'a.pdf', bytes: pdf('guard') };
    const anonymous = await upload(file, '');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ success: false, error: 'Sign in to continue.' });

    const held = await verifiedContributor(t, 'Held Person');
    await setStatus(t.db, held.id, 'hold');
    const onHold = await upload(file, held.token);
    expect(onHold.statusCode).toBe(403);
    expect(onHold.json()).toEqual({ success: false, error: 'This account is on hold.', status: 'hold' });

    const person = newPerson('Not Verified');
    await api(t).post('/user/customer/register', person);
    const login = await api(t).post('/login', { userName: person.email, password: person.password });
    const unverified = await upload(file, login.json().token);
    expect(unverified.statusCode).toBe(403);
    expect(unverified.json()).toEqual({
      success: false,
      error: 'Verify your e-mail and phone to continue.',
      status: 'active',
    });
  });
});

describe('collectGarbage', () => {
  it('removes files nothing references, with their rows, and keeps referenced ones', async () => {
    const [kept, setting, orphan] = await Promise.all(
      ['kept', 'setting', 'orphan'].map(
        async (name) => (await upload({ filename: `${name}.pdf`, bytes: pdf(name) })).json().url as string,
      ),
    );
    await t.db.insert(documents).values({ ownerKind: 'expert', ownerId: randomUUID(), url: kept });
    await t.db.insert(siteSettings).values({ key: `test-${randomUUID()}`, value: { logo: { url: setting } } });

    const deps = { db: t.db, storage: t.app.storage };
    const removed = await collectGarbage(deps, [kept, setting, orphan, orphan, 'https://elsewhere.example/x.pdf']);
    expect(removed).toBe(1);
    expect((await uploaded(orphan)).statusCode).toBe(404);
    expect(await t.db.select().from(uploads).where(eq(uploads.url, orphan))).toEqual([]);
    for (const url of [kept, setting]) {
      expect((await uploaded(url)).statusCode).toBe(200);
      expect(await t.db.select().from(uploads).where(eq(uploads.url, url))).toHaveLength(1);
    }
    expect(await collectGarbage(deps, [orphan])).toBe(0);
  });

  it("removes an image's variants with the last name of its bytes", async () => {
    const photo = await sharp({ create: { width: 700, height: 400, channels: 3, background: '#7a3' } })
      .jpeg()
      .toBuffer();
    const [one, two] = await Promise.all(
      ['one.jpg', 'two.jpg'].map(async (filename) => (await upload({ filename, bytes: photo })).json().url as string),
    );
    const folder = one.slice(0, one.lastIndexOf('/'));
    expect(two.startsWith(`${folder}/`)).toBe(true);
    const variants = [`${folder}/_w320.webp`, `${folder}/_w640.webp`];
    const deps = { db: t.db, storage: t.app.storage };

    expect(await collectGarbage(deps, [one])).toBe(1);
    expect((await uploaded(one)).statusCode).toBe(404);
    for (const v of variants) expect((await uploaded(v)).statusCode).toBe(200);

    expect(await collectGarbage(deps, [two])).toBe(1);
    for (const url of [two, ...variants]) expect((await uploaded(url)).statusCode).toBe(404);
  });
});

/** s3rver (the maintained @20minutes fork) ships no types: the little of it these tests use. */
type S3rverServer = { run(): Promise<{ port: number }>; close(): Promise<void> };
const S3rver = createRequire(import.meta.url)('@20minutes/s3rver') as new (opts: object) => S3rverServer;

describe('S3 storage', () => {
  let server: S3rverServer;
  let endpoint: string;
  let directory: string;
  beforeAll(async () => {
    directory = mkdtempSync(join(tmpdir(), 'chaupal-s3-'));
    server = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory,
      configureBuckets: [{ name: 'media' }],
    });
    endpoint = `http://127.0.0.1:${(await server.run()).port}`;
  });
  afterAll(async () => {
    await server.close();
    rmSync(directory, { recursive: true, force: true });
  });

  const s3Config = (extra: Record<string, string> = {}) =>
    loadConfig({
      NODE_ENV: 'test',
      STORAGE: 's3',
      S3_BUCKET: 'media',
      S3_REGION: 'us-east-1',
      S3_ENDPOINT: endpoint,
      // s3rver's built-in account: requests are signed and checked as S3 would.
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      ...extra,
    });

  it('puts a file at endpoint/bucket/key, serves it back, and deletes it', async () => {
    const storage = createStorage(s3Config());
    const bytes = pdf('s3');
    const key = `${'ab'.repeat(32)}/report.pdf`;
    const url = await storage.put(key, bytes, 'application/pdf');
    expect(url).toBe(`${endpoint}/media/${key}`);
    expect(storage.keyOf(url)).toBe(key);
    expect(storage.keyOf(`/uploads/${key}`)).toBeNull();

    const fetched = await fetch(url);
    expect(fetched.status).toBe(200);
    expect(fetched.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.compare(Buffer.from(await fetched.arrayBuffer()), bytes)).toBe(0);

    await storage.delete(key);
    expect((await fetch(url)).status).toBe(404);
    await storage.delete(key);
  });

  it('stores an image with its WebP variants in the bucket, and collects them together', async () => {
    const deps = { db: t.db, storage: createStorage(s3Config()) };
    const photo = await sharp({ create: { width: 800, height: 500, channels: 3, background: '#a3c' } })
      .jpeg()
      .toBuffer();
    const { url } = await storeFile(deps, { filename: 'Bucket Photo.jpg', bytes: photo }, { accept: 'image' });
    expect(url).toMatch(new RegExp(`^${endpoint}/media/[0-9a-f]{64}-800x500/bucket-photo\\.jpg$`));
    const folder = url.slice(0, url.lastIndexOf('/'));
    for (const width of [320, 640]) {
      const res = await fetch(`${folder}/_w${width}.webp`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
      expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).width).toBe(width);
    }
    expect((await fetch(`${folder}/_w960.webp`)).status).toBe(404);

    expect(await collectGarbage(deps, [url])).toBe(1);
    for (const gone of [url, `${folder}/_w320.webp`, `${folder}/_w640.webp`])
      expect((await fetch(gone)).status).toBe(404);
  });

  it('stores a document to be downloaded, and an image to be shown', async () => {
    const storage = createStorage(s3Config());
    const key = `${'cd'.repeat(32)}/minutes.pdf`;
    const fetched = await fetch(await storage.put(key, pdf('s3-download'), 'application/pdf'));
    expect(fetched.headers.get('content-disposition')).toBe('attachment; filename="minutes.pdf"');
    await storage.delete(key);
    const image = `${'cd'.repeat(32)}/photo.jpg`;
    const shown = await fetch(await storage.put(image, Buffer.from('x'), 'image/jpeg'));
    expect(shown.headers.get('content-disposition')).toBeNull();
    await storage.delete(image);
  });

  it('answers URLs under S3_PUBLIC_URL when set', async () => {
    const storage = createStorage(s3Config({ S3_PUBLIC_URL: 'https://cdn.example.com/media/' }));
    const url = await storage.put('cd/photo.jpg', Buffer.from('x'), 'image/jpeg');
    expect(url).toBe('https://cdn.example.com/media/cd/photo.jpg');
    expect(storage.keyOf(url)).toBe('cd/photo.jpg');
    await storage.delete('cd/photo.jpg');
  });
});
