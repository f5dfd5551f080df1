import type { Readable } from 'node:stream';
import { API_ERRORS, type TErrorDetail } from '@chaupal/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from './errors';
import { Gate } from './gate';
import { BAD_TEXT_MESSAGE, isBadText } from './input-guard';

export interface FilePart {
  field: string;
  filename: string;
  bytes: Buffer;
}

export interface FormInput {
  /** Field values; `name[]` and repeated names become arrays under `name`. */
  fields: Record<string, unknown>;
  files: FilePart[];
}

/**
 * What one route's multipart body may hold: the body is read part by part and refused at the first part
 * beyond these, so a request never holds more than about `totalFieldBytes` + `fieldBytes` + its largest file.
 */
export interface FormLimits {
  /** The file fields the form takes: the most bytes of one file, and how many files it may carry (default one). */
  files: Record<string, number | { bytes: number; count: number }>;
  /** The most bytes of all the files together (default: no limit beyond each field's). */
  totalFileBytes?: number;
  /** Why a file part under another name is refused (default "Unexpected file"), by field. */
  refusedFiles?: Record<string, string>;
  /** How many text fields, the most bytes of one, and of all of them together. */
  fields: number;
  fieldBytes: number;
  totalFieldBytes: number;
  /** The route's own 400 for bad parts (the contact form writes its errors as lines); default `invalidFields`. */
  invalid?: (details: TErrorDetail[]) => AppError;
}

/** Multipart bodies read (and then handled) at once, server-wide; more wait in line, and beyond the line get a 503. */
export const FORM_SLOTS = 4;
export const FORM_QUEUE = 32;
/** A body that sends nothing for this long is dropped, so a slow client cannot hold a slot for ever. */
const IDLE_MS = 30_000;

export const formGate = new Gate(FORM_SLOTS, FORM_QUEUE, () => new AppError('UNAVAILABLE', API_ERRORS.busy));

/**
 * A form field's text as stored: a browser sends a form's line breaks as CRLF (HTML's multipart and urlencoded
 * encodings) whatever the text held, and stored text keeps LF, so a field sent back untouched (a record's content
 * through its edit form) compares equal to what is stored.
 */
export const formText = (value: string) => value.replace(/\r\n?/g, '\n');

const baseName = (field: string) => field.replace(/\[\d*\]$/, '');

function add(fields: Record<string, unknown>, rawName: string, value: unknown) {
  const name = baseName(rawName);
  const isList = rawName !== name;
  const current = fields[name];
  if (current === undefined) fields[name] = isList ? [value] : value;
  else fields[name] = [current, value].flat();
}

const LONE_SURROGATES = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const NAME_MAX = 200;

/**
 * A file name as a browser user means it: control characters and unpaired surrogates (which no file system gives a
 * browser) are dropped rather than refused, since the name is only a hint for the stored one.
 */
export function cleanFileName(name: string | undefined): string {
  const cleaned = (name ?? '')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters it removes.
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .replace(LONE_SURROGATES, '')
    .trim();
  return cleaned || 'file';
}

const size = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB` : `${Math.ceil(bytes / 1024)} KB`;
const tooLarge = (parameter: string, error: string) =>
  new AppError('TOO_LARGE', API_ERRORS.tooLarge, [{ parameter, errors: [error] }]);
const defaultInvalid = (details: TErrorDetail[]) => new AppError('BAD_REQUEST', API_ERRORS.validation, details);

/** Reads one part, refusing it as soon as it passes `cap` bytes (nothing more of it is kept). */
async function readFile(stream: Readable, cap: number, over: () => AppError): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    length += chunk.length;
    if (length > cap) throw over();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, length);
}

/** Errors of the multipart parser (a bad boundary, a cut body, a parser limit) as SPEC §8 answers. */
function bodyError(err: unknown, limits: FormLimits): AppError {
  if (err instanceof AppError) return err;
  const { code, message } = err as { code?: string; message?: string };
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') return tooLarge('body', 'Too many parts');
  const invalid = limits.invalid ?? defaultInvalid;
  if (code === 'FST_PROTO_VIOLATION') return invalid([{ parameter: 'body', errors: ['A field name is not allowed'] }]);
  return invalid([{ parameter: 'body', errors: [`The multipart body could not be read: ${message ?? 'malformed'}`] }]);
}

/** After a refusal the rest of the body is read and thrown away, as Node does for an unread body. */
function discardRest(req: FastifyRequest) {
  req.raw.unpipe();
  req.raw.resume();
}

async function readMultipart(req: FastifyRequest, limits: FormLimits): Promise<FormInput> {
  const invalid = limits.invalid ?? defaultInvalid;
  const fileFields = Object.keys(limits.files);
  const fileLimit = (field: string) => {
    const l = Object.hasOwn(limits.files, field) ? limits.files[field] : undefined;
    return l === undefined ? undefined : typeof l === 'number' ? { bytes: l, count: 1 } : l;
  };
  const maxFiles = fileFields.reduce((n, f) => n + (fileLimit(f)?.count ?? 0), 0);
  const parts = req.parts({
    // Every part, text fields too, comes as a stream, so a long field is refused at the byte that passes its limit,
    // not once it has all arrived. Browsers send text as UTF-8, which is how it is read.
    isPartAFile: () => true,
    // The parser's own limits are a backstop past ours: the checks below answer first, naming the part.
    limits: {
      files: limits.fields + maxFiles + 2,
      fileSize: Math.max(limits.fieldBytes, ...fileFields.map((f) => fileLimit(f)?.bytes ?? 0)) + 1,
      parts: limits.fields + maxFiles + 4,
      headerPairs: 20,
      headerSize: 16 * 1024,
    },
  });
  const fields: Record<string, unknown> = {};
  const files: FilePart[] = [];
  let fieldCount = 0;
  let textBytes = 0;
  let fileBytes = 0;

  let idle: NodeJS.Timeout | undefined;
  const touch = () => {
    clearTimeout(idle);
    idle = setTimeout(() => req.raw.destroy(), IDLE_MS);
    idle.unref();
  };
  async function* watched() {
    // The first step pipes the body into the parser; only then may a listener watch it flow (before, it would start
    // the body flowing with nobody reading it).
    const first = parts.next();
    touch();
    req.raw.on('data', touch);
    for (let step = await first; !step.done; step = await parts.next()) yield step.value;
  }
  try {
    for await (const part of watched()) {
      // Every part is read as a stream (isPartAFile); this only tells the types so.
      if (part.type !== 'file') continue;
      const name = part.fieldname;
      if (typeof name !== 'string' || !name) throw invalid([{ parameter: 'body', errors: ['A part has no name'] }]);
      const field = baseName(name);
      if (isBadText(name)) throw invalid([{ parameter: 'body', errors: [`A field name: ${BAD_TEXT_MESSAGE}`] }]);
      if (name.length > NAME_MAX) throw invalid([{ parameter: 'body', errors: ['A field name is too long'] }]);
      if (field in Object.prototype) throw invalid([{ parameter: field, errors: ['Not a field name'] }]);

      if (part.filename === undefined) {
        // A text field: counted, and its bytes with its name's, against the route's limits.
        fieldCount += 1;
        if (fieldCount > limits.fields) throw tooLarge('body', `At most ${limits.fields} fields`);
        textBytes += Buffer.byteLength(name);
        const room = limits.totalFieldBytes - textBytes;
        const cap = Math.max(0, Math.min(limits.fieldBytes, room));
        const bytes = await readFile(part.file, cap, () =>
          cap < limits.fieldBytes
            ? tooLarge('body', `At most ${size(limits.totalFieldBytes)} of text in all`)
            : tooLarge(field, `At most ${size(limits.fieldBytes)}`),
        );
        textBytes += bytes.length;
        const value = formText(bytes.toString('utf8'));
        if (isBadText(value)) throw invalid([{ parameter: field, errors: [BAD_TEXT_MESSAGE] }]);
        add(fields, name, value);
        continue;
      }

      const seen = files.filter((f) => f.field === field).length;
      const limit = fileLimit(field);
      if (limit === undefined || seen >= limit.count) {
        const refusal =
          limit === undefined
            ? (limits.refusedFiles?.[field] ?? 'Unexpected file')
            : limit.count === 1
              ? 'One file only'
              : `At most ${limit.count} files`;
        // A file input left empty arrives as a part with no file name and no bytes: no file, so no refusal.
        if (part.filename) throw invalid([{ parameter: field, errors: [refusal] }]);
        await readFile(part.file, 0, () => invalid([{ parameter: field, errors: [refusal] }]));
        continue;
      }
      const total = limits.totalFileBytes ?? Number.POSITIVE_INFINITY;
      const cap = Math.min(limit.bytes, total - fileBytes);
      const bytes = await readFile(part.file, Math.max(0, cap), () =>
        cap < limit.bytes
          ? tooLarge('body', `At most ${size(total)} of files in all`)
          : tooLarge(field, `At most ${size(limit.bytes)}`),
      );
      fileBytes += bytes.length;
      if (bytes.length || part.filename) files.push({ field, filename: cleanFileName(part.filename), bytes });
    }
  } catch (err) {
    discardRest(req);
    throw bodyError(err, limits);
  } finally {
    clearTimeout(idle);
    req.raw.off('data', touch);
  }
  return { fields, files };
}

function readJson(req: FastifyRequest): FormInput {
  // Its text was checked with every other JSON body (input-guard.ts); the body limit bounds its size.
  const body = req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>) : {};
  const fields: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(body)) add(fields, k, v);
  return { fields, files: [] };
}

/**
 * Reads a form sent as multipart (SPEC §7) or as JSON into fields and in-memory files, within the route's `limits`,
 * and runs `use` on it. A multipart body is read and handled while holding one of FORM_SLOTS, so the memory all
 * uploads hold at once is bounded too.
 */
export async function withForm<T>(
  req: FastifyRequest,
  limits: FormLimits,
  use: (input: FormInput) => Promise<T>,
): Promise<T> {
  if (!req.isMultipart()) return use(readJson(req));
  return formGate.run(async () => use(await readMultipart(req, limits)));
}
