import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm, rmdir, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { DeleteObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { Config } from '../config';

/** Where uploaded files live: the local data folder or S3-compatible object storage (DESIGN §9, §11). */
export interface Storage {
  /** Stores the bytes under `key` (idempotent) and answers the file's public URL. */
  put(key: string, body: Buffer, contentType: string): Promise<string>;
  /** Removes the file; a missing file is not an error. */
  delete(key: string): Promise<void>;
  /** The key of a URL this storage answered, else null (a link elsewhere, or another storage's file). */
  keyOf(url: string): string | null;
}

const NAME_MAX = 80;

/**
 * A file name that is safe in a URL and on any disk, and still readable, since the web shows a document by the last
 * segment of its URL (DESIGN §4): lowercase, spaces → hyphens, only [a-z0-9._-], never empty, never hidden.
 * `ext` (without the dot) replaces the name's own extension, so the name can never claim another type.
 */
export function safeFileName(original: string, ext: string): string {
  const base = original
    .replace(/^.*[\\/]/, '')
    .replace(/\.[^.]*$/, '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, '-')
    .replace(/[^a-z0-9._-]/g, '')
    .replace(/([._-])[._-]+/g, '$1')
    .replace(/^[._-]+|[._-]+$/g, '');
  const room = NAME_MAX - ext.length - 1;
  const cut = base.slice(0, room).replace(/[._-]+$/, '');
  return `${cut || 'file'}.${ext}`;
}

/** Images we store are re-encoded by sharp (platform/images.ts): their bytes are the image and nothing else. */
const IMAGE_NAME = /\.(jpe?g|png|webp)$/i;

/**
 * How a stored file is handed to a browser: inline for our re-encoded images, as a download for anything else.
 * Documents (pdf, doc, docx) are stored byte for byte, and a valid PDF or Word file may carry anything after its
 * own bytes (a page of HTML appended still passes the type check). Refusing such files would mean guessing at
 * every format's structure; downloading them means no stored byte is ever shown as a page of the site's origin.
 */
export const dispositionOf = (name: string) =>
  IMAGE_NAME.test(name) ? undefined : `attachment; filename="${name.replace(/^.*\//, '')}"`;

/**
 * The headers of every file served from /uploads/: the disposition above, a policy that runs nothing and puts the
 * file in a sandbox (an opaque origin of its own, should a browser ever render it), and `nosniff`, so the browser
 * takes the file for the type its name gives and never sniffs HTML in it.
 */
export function storedFileHeaders(path: string): Record<string, string> {
  const disposition = dispositionOf(path);
  return {
    'content-security-policy': "default-src 'none'; sandbox",
    'x-content-type-options': 'nosniff',
    ...(disposition && { 'content-disposition': disposition }),
  };
}

/** Keys are `<hash>/<name>` made by us; anything else (e.g. `..`) must never reach the disk or the bucket. */
const isSafeKey = (key: string) =>
  /^[a-z0-9._-]+(\/[a-z0-9._-]+)*$/i.test(key) && !key.split('/').some((s) => s === '.' || s === '..');

function assertSafeKey(key: string) {
  if (!isSafeKey(key)) throw new Error(`Unsafe storage key: ${key}`);
}

function localStorage(dataDir: string): Storage {
  const root = resolve(join(dataDir, 'uploads'));
  const pathOf = (key: string) => {
    assertSafeKey(key);
    const path = resolve(root, key);
    if (!path.startsWith(root + sep)) throw new Error(`Unsafe storage key: ${key}`);
    return path;
  };
  return {
    async put(key, body) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      // Written aside and renamed, so a reader never sees half a file (the same key always holds the same bytes).
      const temp = `${path}.${randomUUID()}.part`;
      await writeFile(temp, body);
      await rename(temp, path);
      return `/uploads/${key}`;
    },
    async delete(key) {
      const path = pathOf(key);
      await rm(path, { force: true });
      // The hash folder goes too once empty; another name for the same bytes keeps it.
      await rmdir(dirname(path)).catch(() => undefined);
    },
    keyOf(url) {
      if (!url.startsWith('/uploads/')) return null;
      const key = url.slice('/uploads/'.length);
      return isSafeKey(key) ? key : null;
    },
  };
}

function s3Storage(s3: Config['s3']): Storage {
  const bucket = s3.bucket as string;
  const region = s3.region ?? 'us-east-1';
  const client = new S3Client({
    region,
    endpoint: s3.endpoint,
    // S3-compatible servers (MinIO, R2, …) are addressed by path; AWS itself by virtual host.
    forcePathStyle: Boolean(s3.endpoint),
    credentials:
      s3.accessKeyId && s3.secretAccessKey
        ? { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey }
        : undefined,
    // The SDK's default CRC checksums are not understood by every S3-compatible server.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const base = s3PublicBase(s3);
  return {
    async put(key, body, contentType) {
      assertSafeKey(key);
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: key,
          Body: body,
          ContentType: contentType,
          // Object storage sets no policy headers of its own: a document downloads there too (dispositionOf).
          ContentDisposition: dispositionOf(key),
          // Keys are content hashes: the bytes behind a URL never change.
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      );
      return `${base}/${key}`;
    },
    async delete(key) {
      assertSafeKey(key);
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
    keyOf(url) {
      if (!url.startsWith(`${base}/`)) return null;
      const key = url.slice(base.length + 1);
      return isSafeKey(key) ? key : null;
    },
  };
}

/** Where S3 files are served from: S3_PUBLIC_URL (a CDN), else the bucket's own address. */
function s3PublicBase(s3: Config['s3']): string {
  const region = s3.region ?? 'us-east-1';
  const own = s3.endpoint
    ? `${s3.endpoint.replace(/\/$/, '')}/${s3.bucket}`
    : `https://${s3.bucket}.s3.${region}.amazonaws.com`;
  return (s3.publicUrl ?? own).replace(/\/$/, '');
}

/** The public URL files are served from when they are not on the site itself (/uploads), else undefined. */
export const storagePublicUrl = (config: Config): string | undefined =>
  config.storage === 's3' ? s3PublicBase(config.s3) : undefined;

export function createStorage(config: Config): Storage {
  return config.storage === 's3' ? s3Storage(config.s3) : localStorage(config.dataDir);
}
