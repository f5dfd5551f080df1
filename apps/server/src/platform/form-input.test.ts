import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32, deflateSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactRequests, uploads } from '../db/schema';
import { verifiedContributor } from '../test/accounts';
import { multipartBody, type TestContext, testApp } from '../test/harness';
import { AppError } from './errors';
import { FORM_SLOTS, formGate } from './form-input';
import { Gate } from './gate';
import { IMAGE_SLOTS, imageQueue } from './images';

let t: TestContext;
let token: string;
let port: number;
beforeAll(async () => {
  t = await testApp({ RATE_LIMIT_FACTOR: '100' });
  token = (await verifiedContributor(t)).token;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

const API = '/api/backend/v1';
const BOUNDARY = 'form-boundary-7MA4YWxk';
const ROUTES = {
  contact: { url: `${API}/contact_request/add`, auth: false },
  upload: { url: `${API}/uploadFile`, auth: true },
  expert: { url: `${API}/expert/add`, auth: true },
} as const;
type TRoute = keyof typeof ROUTES;

/** One multipart part written by hand, so a test can send what no FormData would. */
type TPart = { name: string; value: string | Buffer; filename?: string; headers?: string[] };
function rawPart({ name, value, filename, headers = [] }: TPart) {
  const disposition = `Content-Disposition: form-data; name="${name}"${filename === undefined ? '' : `; filename="${filename}"`}`;
  const type = filename === undefined ? [] : ['Content-Type: application/octet-stream'];
  const head = [`--${BOUNDARY}`, disposition, ...type, ...headers, '', ''].join('\r\n');
  return Buffer.concat([Buffer.from(head), Buffer.isBuffer(value) ? value : Buffer.from(value), Buffer.from('\r\n')]);
}
const rawBody = (parts: TPart[]) => Buffer.concat([...parts.map(rawPart), Buffer.from(`--${BOUNDARY}--\r\n`)]);

const send = (route: TRoute, payload: Buffer, contentType = `multipart/form-data; boundary=${BOUNDARY}`) =>
  t.app.inject({
    method: 'POST',
    url: ROUTES[route].url,
    payload,
    headers: { 'content-type': contentType, ...(ROUTES[route].auth ? { authorization: `Bearer ${token}` } : {}) },
  });

/** The contact form writes its errors as lines starting with the field; every other form says "invalid fields". */
const bad = (route: string, parameter: string, error: string) => ({
  success: false,
  error: route === 'contact' ? `${parameter}: ${error}` : 'The request has invalid fields.',
  details: [{ parameter, errors: [error] }],
});
const tooLarge = (parameter: string, error: string) => ({
  success: false,
  error: 'The upload is too large.',
  details: [{ parameter, errors: [error] }],
});

const pdf = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
const contactFields: TPart[] = [
  { name: 'name', value: 'Ravi Kumar' },
  { name: 'email', value: 'ravi@example.com' },
  { name: 'phone', value: '9876543210' },
];

describe('malformed multipart bodies answer 400 with details, on every multipart route', () => {
  const wellFormed = rawBody([...contactFields, { name: 'file', filename: 'a.pdf', value: pdf }]);
  const unreadable = (route: TRoute, why: string) => bad(route, 'body', `The multipart body could not be read: ${why}`);

  for (const route of Object.keys(ROUTES) as TRoute[]) {
    it(`${route}: no boundary, a wrong boundary, a body cut in a field or in a file`, async () => {
      const noBoundary = await send(route, wellFormed, 'multipart/form-data');
      expect(noBoundary.statusCode).toBe(400);
      expect(noBoundary.json()).toEqual(unreadable(route, 'Multipart: Boundary not found'));

      const wrongBoundary = await send(route, wellFormed, 'multipart/form-data; boundary=not-the-one');
      expect(wrongBoundary.statusCode).toBe(400);
      expect(wrongBoundary.json()).toEqual(unreadable(route, 'Unexpected end of multipart data'));

      const inField = wellFormed.subarray(0, wellFormed.indexOf('Ravi') + 2);
      const cutInField = await send(route, inField);
      expect(cutInField.statusCode).toBe(400);
      expect(cutInField.json()).toEqual(unreadable(route, 'Unexpected end of multipart data'));

      const inFile = wellFormed.subarray(0, wellFormed.indexOf('%PDF') + 10);
      const cutInFile = await send(route, inFile);
      expect(cutInFile.statusCode).toBe(400);
      // The expert form takes no `file` part, so it refuses that part before the cut is reached.
      expect(cutInFile.json()).toEqual(
        route === 'expert'
          ? bad(route, 'file', 'Unexpected file')
          : unreadable(route, 'Unexpected end of multipart data'),
      );
    });
  }

  it('refuses a part without a name and a field name of Object.prototype', async () => {
    const nameless = Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data\r\n\r\nx\r\n--${BOUNDARY}--\r\n`);
    const res = await send('upload', nameless);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(bad('upload', 'body', 'A part has no name'));
    const proto = await send('contact', rawBody([{ name: 'constructor[]', value: 'x' }]));
    expect(proto.statusCode).toBe(400);
    expect(proto.json()).toEqual(bad('contact', 'constructor', 'Not a field name'));
  });
});

describe('text the database cannot hold', () => {
  const notAllowed = 'Contains a character that is not allowed (NUL or an unpaired surrogate)';

  it('refuses NUL in a multipart field value with 400 naming the field, on each route', async () => {
    const contact = await send('contact', rawBody([...contactFields, { name: 'message', value: 'hi\u0000there' }]));
    expect(contact.statusCode).toBe(400);
    expect(contact.json()).toEqual(bad('contact', 'message', notAllowed));
    const expert = await send('expert', rawBody([{ name: 'title', value: 'a\u0000b' }]));
    expect(expert.statusCode).toBe(400);
    expect(expert.json()).toEqual(bad('expert', 'title', notAllowed));
    const upload = await send('upload', rawBody([{ name: 'note', value: '\u0000' }]));
    expect(upload.statusCode).toBe(400);
    expect(upload.json()).toEqual(bad('upload', 'note', notAllowed));
  });

  it('reads text parts as UTF-8 whatever charset they claim, so no unpaired surrogate gets through', async () => {
    // As UTF-16LE, 3D D8 is a lone high surrogate (U+D83D); as UTF-8 it is "=" and U+FFFD. 41 00 is "A" and NUL.
    const utf16 = (bytes: number[]): TPart => ({
      name: 'message',
      value: Buffer.from(bytes),
      headers: ['Content-Type: text/plain; charset=utf-16le'],
    });
    const nul = await send('contact', rawBody([...contactFields, utf16([0x41, 0x00, 0x3d, 0xd8])]));
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toEqual(bad('contact', 'message', notAllowed));

    const stored = await send('contact', rawBody([...contactFields, utf16([0x3d, 0xd8])]));
    expect(stored.statusCode).toBe(200);
    const [row] = await t.db.select().from(contactRequests).where(eq(contactRequests.id, stored.json().data.id));
    expect(row.message).toBe('=\ufffd');
  });

  it('stores line breaks as LF, though a browser sends a form’s as CRLF', async () => {
    const sent = await send('contact', rawBody([...contactFields, { name: 'message', value: 'one\r\ntwo\rthree' }]));
    expect(sent.statusCode).toBe(200);
    const [row] = await t.db.select().from(contactRequests).where(eq(contactRequests.id, sent.json().data.id));
    expect(row.message).toBe('one\ntwo\nthree');
  });

  it('cleans NUL and unpaired surrogates out of a file name, as no browser could send them', async () => {
    const body = Buffer.concat([
      rawPart({ name: 'file', filename: '😀\u0000report.pdf', value: pdf }),
      Buffer.from(`--${BOUNDARY}--\r\n`),
    ]);
    const res = await send('upload', body);
    expect(res.statusCode).toBe(200);
    const url = res.json().url as string;
    expect(url).toMatch(/\/report\.pdf$/);
    const [row] = await t.db.select().from(uploads).where(eq(uploads.url, url));
    expect(row.originalName).toBe('😀report.pdf');

    const encoded = Buffer.concat([
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename*=utf-16le''%41%00%00%D8%2E%00%70%00%64%00%66%00\r\n\r\n`,
      ),
      pdf,
      Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
    ]);
    const lone = await send('upload', encoded);
    expect(lone.statusCode).toBe(200);
    const [loneRow] = await t.db.select().from(uploads).where(eq(uploads.url, lone.json().url));
    expect(loneRow.originalName).toBe('A.pdf');
  });
});

describe('each route reads only the parts it takes, refusing the first one beyond', () => {
  it('contact: one `file`, ten fields of 32 KB', async () => {
    const second = await send(
      'contact',
      rawBody([
        ...contactFields,
        { name: 'file', filename: 'a.pdf', value: pdf },
        { name: 'file', filename: 'b.pdf', value: pdf },
      ]),
    );
    expect(second.statusCode).toBe(400);
    expect(second.json()).toEqual(bad('contact', 'file', 'One file only'));

    const stray = await send('contact', rawBody([{ name: 'photo', filename: 'a.pdf', value: pdf }]));
    expect(stray.statusCode).toBe(400);
    expect(stray.json()).toEqual(bad('contact', 'photo', 'Unexpected file'));

    const long = await send('contact', rawBody([{ name: 'message', value: 'x'.repeat(32 * 1024 + 1) }]));
    expect(long.statusCode).toBe(413);
    expect(long.json()).toEqual(tooLarge('message', 'At most 32 KB'));

    const many = await send(
      'contact',
      rawBody(Array.from({ length: 11 }, (_, i) => ({ name: `extra${i}`, value: 'x' }))),
    );
    expect(many.statusCode).toBe(413);
    expect(many.json()).toEqual(tooLarge('body', 'At most 10 fields'));

    const big = await send(
      'contact',
      rawBody([{ name: 'file', filename: 'a.pdf', value: Buffer.alloc(10 * 1024 * 1024 + 1) }]),
    );
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual(tooLarge('file', 'At most 10 MB'));
  });

  it('contact: an empty file input is no file, whatever its name', async () => {
    const res = await send(
      'contact',
      rawBody([
        ...contactFields,
        { name: 'file', filename: '', value: '' },
        { name: 'other', filename: '', value: '' },
      ]),
    );
    expect(res.statusCode).toBe(200);
  });

  it('/uploadFile: exactly one `file`', async () => {
    const second = await send(
      'upload',
      rawBody([
        { name: 'file', filename: 'a.pdf', value: pdf },
        { name: 'file', filename: 'b.pdf', value: pdf },
      ]),
    );
    expect(second.statusCode).toBe(400);
    expect(second.json()).toEqual(bad('upload', 'file', 'One file only'));
    const other = await send('upload', rawBody([{ name: 'image', filename: 'a.pdf', value: pdf }]));
    expect(other.statusCode).toBe(400);
    expect(other.json()).toEqual(bad('upload', 'image', 'Unexpected file'));
  });

  it('contributor forms: one image of 5 MB, five documents, 25 MB of files, 1 MB a field and 3 MB of text', async () => {
    const docs = (n: number, bytes = pdf) =>
      Array.from({ length: n }, (_, i) => ({ name: 'documents[]', filename: `d${i}.pdf`, value: bytes }));
    const sixth = await send('expert', rawBody(docs(6)));
    expect(sixth.statusCode).toBe(400);
    expect(sixth.json()).toEqual(bad('expert', 'documents', 'At most 5 files'));
    const heavy = await send('expert', rawBody(docs(3, Buffer.alloc(9 * 1024 * 1024))));
    expect(heavy.statusCode).toBe(413);
    expect(heavy.json()).toEqual(tooLarge('body', 'At most 25 MB of files in all'));

    const twoImages = await send(
      'expert',
      rawBody([
        { name: 'image', filename: 'a.jpg', value: pdf },
        { name: 'image', filename: 'b.jpg', value: pdf },
      ]),
    );
    expect(twoImages.statusCode).toBe(400);
    expect(twoImages.json()).toEqual(bad('expert', 'image', 'One file only'));

    const photo = await t.app.inject({
      method: 'POST',
      url: `${API}/blog`,
      payload: rawBody([{ name: 'image', filename: 'a.jpg', value: pdf }]),
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, authorization: `Bearer ${token}` },
    });
    expect(photo.statusCode).toBe(400);
    expect(photo.json()).toEqual(bad('blog', 'image', 'Unexpected file'));

    const bigImage = await send(
      'expert',
      rawBody([{ name: 'image', filename: 'a.jpg', value: Buffer.alloc(5 * 1024 * 1024 + 1) }]),
    );
    expect(bigImage.statusCode).toBe(413);
    expect(bigImage.json()).toEqual(tooLarge('image', 'At most 5 MB'));

    const field = await send('expert', rawBody([{ name: 'description', value: 'x'.repeat(1024 * 1024 + 1) }]));
    expect(field.statusCode).toBe(413);
    expect(field.json()).toEqual(tooLarge('description', 'At most 1 MB'));

    const text = await send(
      'expert',
      rawBody(Array.from({ length: 4 }, () => ({ name: 'description', value: 'x'.repeat(1024 * 1024) }))),
    );
    expect(text.statusCode).toBe(413);
    expect(text.json()).toEqual(tooLarge('body', 'At most 3 MB of text in all'));
  });
});

/** A PNG of `width` × `height` one-bit pixels, all black: a few KB that decode to width × height pixels. */
function blackPng(width: number, height: number) {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale
  const rows = Buffer.alloc((1 + Math.ceil(width / 8)) * height);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('the pixel cap', () => {
  it('refuses a 120-megapixel PNG of a few KB with 413, before decoding it', async () => {
    const bomb = blackPng(12_000, 10_000);
    expect(bomb.length).toBeLessThan(64 * 1024);
    const res = await send('upload', rawBody([{ name: 'file', filename: 'bomb.png', value: bomb }]));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual(tooLarge('file', 'At most 50 megapixels'));
  });

  it('takes a 50-megapixel phone photo (8160 × 6120), scaled down to 2000 pixels', async () => {
    const res = await send('upload', rawBody([{ name: 'file', filename: 'phone.png', value: blackPng(8160, 6120) }]));
    expect(res.statusCode).toBe(200);
  });
});

describe('concurrency bounds', () => {
  it('handles ten image uploads at once, reading four bodies and decoding two images at a time', async () => {
    const { default: sharp } = await import('sharp');
    const images = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: i * 20, g: 90, b: 40 } } })
          .jpeg()
          .toBuffer(),
      ),
    );
    formGate.peak = 0;
    imageQueue.peak = 0;
    const answers = await Promise.all(
      images.map(async (bytes, i) => {
        const body = await multipartBody([['file', { filename: `p${i}.jpg`, bytes, type: 'image/jpeg' }]]);
        return t.app.inject({
          method: 'POST',
          url: ROUTES.upload.url,
          ...body,
          headers: { ...body.headers, authorization: `Bearer ${token}` },
        });
      }),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    expect(formGate.peak).toBe(FORM_SLOTS);
    expect(imageQueue.peak).toBe(IMAGE_SLOTS);
    expect(formGate.active).toBe(0);
  });

  it('a gate lets `slots` in, queues `queue` more, and refuses the rest with its error', async () => {
    const gate = new Gate(1, 1, () => new AppError('UNAVAILABLE', 'busy'), 50);
    let release: () => void = () => {};
    const first = gate.run(() => new Promise<void>((r) => (release = r)));
    const second = gate.run(async () => 'second');
    await expect(gate.run(async () => 'third')).rejects.toMatchObject({ statusCode: 503 });
    release();
    await first;
    expect(await second).toBe('second');
    // A waiter that gets no turn within waitMs is refused too.
    const holder = gate.run(() => new Promise<void>((r) => (release = r)));
    await expect(gate.run(async () => 'late')).rejects.toMatchObject({ statusCode: 503 });
    release();
    await holder;
    expect(gate.active).toBe(0);
  });
});

interface Flood {
  status: number;
  body: string;
  sent: number;
}

/**
 * Posts `head`, then `fill` bytes of `filler` (never held whole in memory), then `tail`, over a real socket; it stops
 * writing when the answer comes, as a browser does.
 */
function flood(path: string, head: Buffer, fill: number, filler: Buffer, tail: Buffer): Promise<Flood> {
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      },
      (res) => {
        answered = true;
        const chunks: Buffer[] = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString(), sent });
          req.destroy();
        });
      },
    );
    req.on('error', (err) => (answered ? undefined : reject(err)));
    const write = () => {
      while (!answered && sent < fill) {
        const chunk = filler.subarray(0, Math.min(filler.length, fill - sent));
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', write);
      }
      if (!answered) req.end(tail);
    };
    req.write(head);
    write();
  });
}

describe('sixteen oversized requests at once', () => {
  it('answers each with 413 at its first part beyond the limits, and the server keeps answering', async () => {
    const megabyte = Buffer.alloc(1024 * 1024, 'x');
    const url = ROUTES.contact.url;
    // Half send a 64 MB file, half the probe's body: 300 fields of 2 MB (600 MB).
    const bigFile = () =>
      flood(
        url,
        Buffer.concat(
          contactFields.map(rawPart).concat(rawPart({ name: 'file', filename: 'big.pdf', value: '' }).subarray(0, -2)),
        ),
        64 * 1024 * 1024,
        megabyte,
        Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
      );
    const bigFields = () =>
      flood(
        url,
        Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="message"\r\n\r\n`),
        300 * 2 * 1024 * 1024,
        megabyte,
        Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
      );

    const usage = () => {
      const m = process.memoryUsage();
      return m.heapUsed + m.external;
    };
    const baseline = usage();
    let peak = baseline;
    const health: number[] = [];
    let done = false;
    const watch = (async () => {
      while (!done) {
        peak = Math.max(peak, usage());
        health.push((await t.app.inject({ url: '/healthz' })).statusCode);
        await new Promise((r) => setTimeout(r, 20));
      }
    })();

    const answers = await Promise.all(Array.from({ length: 16 }, (_, i) => (i % 2 ? bigFields() : bigFile())));
    done = true;
    await watch;

    for (const [i, a] of answers.entries()) {
      expect(a.status).toBe(413);
      expect(JSON.parse(a.body)).toEqual(
        i % 2 ? tooLarge('message', 'At most 32 KB') : tooLarge('file', 'At most 10 MB'),
      );
      // Refused while reading: the file at 10 MB, the field at 32 KB (what else was sent sat in socket buffers).
      expect(a.sent).toBeLessThan(i % 2 ? 16 * 1024 * 1024 : 32 * 1024 * 1024);
    }
    expect(health.length).toBeGreaterThan(0);
    expect(health.every((s) => s === 200)).toBe(true);
    expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200);
    // Four bodies of at most ~10 MB each are read at a time; the probe's bodies took 760 MB each.
    expect(peak - baseline).toBeLessThan(120 * 1024 * 1024);
    expect(formGate.active).toBe(0);
  });
});
