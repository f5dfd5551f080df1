import { createHash } from 'node:crypto';
import { API_ERRORS, MESSAGES, UPLOAD_LIMITS } from '@chaupal/contract';
import { and, eq, inArray, like, not, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { fileTypeFromBuffer } from 'file-type';
import type { DbOrTx } from '../../db/client';
import {
  banners,
  categories,
  contactRequests,
  documents,
  editions,
  experts,
  features,
  news,
  outlets,
  pages,
  services,
  siteSettings,
  uploads,
} from '../../db/schema';
import { AppError, invalidFields } from '../../platform/errors';
import { cleanFileName, type FormInput } from '../../platform/form-input';
import {
  ImageTooLargeError,
  imageVariants,
  MAX_INPUT_PIXELS,
  reencodeImage,
  type TImageFormat,
  variantFolder,
  variantKeys,
  variantName,
} from '../../platform/images';
import { type Storage, safeFileName } from '../../platform/storage';

export interface UploadDeps {
  db: DbOrTx;
  storage: Storage;
}

type TKind = 'image' | 'document';

/** What we accept, by the type the bytes say they are (DESIGN §7); the first extension is the canonical one. */
const ACCEPTED: Record<string, { kind: TKind; exts: string[]; format?: TImageFormat }> = {
  'image/jpeg': { kind: 'image', exts: ['jpg', 'jpeg'], format: 'jpeg' },
  'image/png': { kind: 'image', exts: ['png'], format: 'png' },
  'image/webp': { kind: 'image', exts: ['webp'], format: 'webp' },
  'application/pdf': { kind: 'document', exts: ['pdf'] },
  'application/msword': { kind: 'document', exts: ['doc'] },
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': { kind: 'document', exts: ['docx'] },
};

const unsupported = (accept: 'image' | 'document' | 'any', error?: string) =>
  new AppError('UNSUPPORTED_TYPE', API_ERRORS.unsupportedType, [
    {
      parameter: 'file',
      errors: [
        error ?? (accept === 'image' ? 'Accepted: jpeg, png, webp' : 'Accepted: jpeg, png, webp, pdf, doc, docx'),
      ],
    },
  ]);

/** The type the bytes say they are, never the name. */
async function detectMime(filename: string, bytes: Buffer): Promise<string | undefined> {
  const found = await fileTypeFromBuffer(bytes);
  // A .doc is an OLE compound file, as are .xls and .ppt: only one with a Word stream and a .doc name is a .doc.
  if (found?.mime === 'application/x-cfb') {
    const isWord = /\.doc$/i.test(filename) && bytes.includes(Buffer.from('WordDocument', 'utf16le'));
    return isWord ? 'application/msword' : found.mime;
  }
  return found?.mime;
}

/**
 * Serializes work on one stored folder (the files of one content: its names and its variants), so a file being
 * stored again is never removed by a concurrent clean-up.
 */
const folderOf = (key: string) => key.slice(0, key.lastIndexOf('/'));
const lockFolder = (tx: DbOrTx, key: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext(${folderOf(key)}))`);

/**
 * Checks and stores one uploaded file: the type from its bytes (jpeg, png, webp; pdf, doc, docx), its size against
 * UPLOAD_LIMITS, an image re-encoded without metadata. Stored once per content and name: the same file gives the
 * same URL. `accept: 'document'` takes images too, since a record's documents may be jpeg or png (SPEC §5).
 */
export async function storeFile(
  deps: UploadDeps,
  file: { filename: string; bytes: Buffer },
  opts: { userId?: string; accept: 'image' | 'document' | 'any' },
): Promise<{ url: string; kind: TKind; mime: string }> {
  const filename = cleanFileName(file.filename);
  const mime = await detectMime(filename, file.bytes);
  const type = mime ? ACCEPTED[mime] : undefined;
  if (!mime || !type || (opts.accept === 'image' && type.kind !== 'image')) throw unsupported(opts.accept);
  const limit = type.kind === 'image' ? UPLOAD_LIMITS.imageBytes : UPLOAD_LIMITS.documentBytes;
  if (file.bytes.length > limit) {
    throw new AppError('TOO_LARGE', API_ERRORS.tooLarge, [
      {
        parameter: 'file',
        errors: [`At most ${limit / 1024 / 1024} MB for ${type.kind === 'image' ? 'an image' : 'a document'}`],
      },
    ]);
  }
  // Images are re-encoded before hashing, so the stored bytes are what the hash names.
  const image = type.format
    ? await reencodeImage(file.bytes, type.format).catch((err) => {
        if (err instanceof AppError) throw err;
        if (err instanceof ImageTooLargeError) {
          throw new AppError('TOO_LARGE', API_ERRORS.tooLarge, [
            { parameter: 'file', errors: [`At most ${MAX_INPUT_PIXELS / 1_000_000} megapixels`] },
          ]);
        }
        // Image bytes sharp cannot decode are no image of ours, whatever their signature says.
        throw unsupported(opts.accept, 'The image could not be read');
      })
    : undefined;
  const bytes = image ? image.bytes : file.bytes;

  const hash = createHash('sha256').update(bytes).digest('hex');
  const ownExt = /\.([^.]+)$/.exec(filename)?.[1]?.toLowerCase() ?? '';
  // The stored name always carries the type's extension: the file is served by it, so it may not claim another.
  const name = safeFileName(filename, type.exts.includes(ownExt) ? ownExt : type.exts[0]);
  // An image's folder carries its size, so a page knows from the URL which WebP variants lie beside it (decision 008).
  const key = `${image ? variantFolder(hash, image.width, image.height) : hash}/${name}`;
  const variants = image ? await imageVariants(image.bytes, image.width) : [];
  const url = await deps.db.transaction(async (tx) => {
    await lockFolder(tx, key);
    // The variants first: once the original's URL is out, the files its srcset names exist.
    for (const v of variants) await deps.storage.put(`${folderOf(key)}/${variantName(v.width)}`, v.bytes, 'image/webp');
    const stored = await deps.storage.put(key, bytes, mime);
    await tx
      .insert(uploads)
      .values({
        url: stored,
        storageKey: key,
        hash,
        mime,
        size: bytes.length,
        // By code points, so a cut never leaves half of a surrogate pair.
        originalName: Array.from(filename).slice(0, 255).join(''),
        userId: opts.userId,
      })
      .onConflictDoNothing({ target: uploads.url });
    return stored;
  });
  return { url, kind: type.kind, mime };
}

/** `/uploadFile`: the form's one `file` part, of any accepted type. */
export async function uploadFormFile(deps: UploadDeps, input: FormInput, userId: string) {
  const parts = input.files.filter((f) => f.field === 'file');
  if (!parts.length) throw invalidFields([{ parameter: 'file', errors: [MESSAGES.required] }]);
  if (parts.length > 1) throw invalidFields([{ parameter: 'file', errors: ['One file only'] }]);
  return storeFile(deps, parts[0], { userId, accept: 'any' });
}

/** Every place a stored file's URL can be used; the site settings are JSON documents, searched as text. */
function referenced(url: string): SQL {
  const usedIn = (table: PgTable, column: AnyPgColumn) => sql`exists (select 1 from ${table} where ${column} = ${url})`;
  return or(
    usedIn(documents, documents.url),
    usedIn(experts, experts.image),
    usedIn(outlets, outlets.image),
    usedIn(news, news.image),
    usedIn(features, features.photo),
    usedIn(services, services.image),
    usedIn(categories, categories.image),
    usedIn(editions, editions.image),
    usedIn(pages, pages.image),
    usedIn(banners, banners.image),
    usedIn(contactRequests, contactRequests.fileUrl),
    sql`exists (select 1 from ${siteSettings} where strpos(${siteSettings.value}::text, ${url}) > 0)`,
  ) as SQL;
}

/**
 * Removes the stored files among `urls` that nothing references any more (DESIGN §4), with their `uploads` rows;
 * URLs that are not our uploads are left alone. Answers how many files it removed.
 */
export async function collectGarbage(deps: UploadDeps, urls: string[]): Promise<number> {
  let removed = 0;
  for (const url of new Set(urls.filter(Boolean))) {
    const key = deps.storage.keyOf(url);
    if (!key) continue;
    const gone = await deps.db.transaction(async (tx) => {
      await lockFolder(tx, key);
      const dropped = await tx
        .delete(uploads)
        .where(and(eq(uploads.url, url), not(referenced(url))))
        .returning({ key: uploads.storageKey });
      if (!dropped.length) return false;
      const storedKey = dropped[0].key;
      // The variants belong to the content, not the name: they go with the folder's last name.
      const others = await tx
        .select({ key: uploads.storageKey })
        .from(uploads)
        .where(like(uploads.storageKey, `${folderOf(storedKey)}/%`))
        .limit(1);
      // Inside the transaction: a storage failure keeps the row, so the file can be collected later.
      if (!others.length) for (const variant of variantKeys(storedKey)) await deps.storage.delete(variant);
      await deps.storage.delete(storedKey);
      return true;
    });
    if (gone) removed += 1;
  }
  return removed;
}

/** URLs the form names must be files uploaded here (a /uploadFile answer), never arbitrary links. */
export async function assertOurUploads(db: DbOrTx, parameter: string, urls: string[]) {
  if (!urls.length) return;
  const known = await db.select({ url: uploads.url }).from(uploads).where(inArray(uploads.url, urls));
  const missing = urls.filter((u) => !known.some((k) => k.url === u));
  if (missing.length) throw invalidFields([{ parameter, errors: ['Upload the file with /uploadFile first'] }]);
}
