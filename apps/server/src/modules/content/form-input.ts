import type { FastifyRequest } from 'fastify';

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

const baseName = (field: string) => field.replace(/\[\d*\]$/, '');

function add(fields: Record<string, unknown>, rawName: string, value: unknown) {
  const name = baseName(rawName);
  const isList = rawName !== name;
  const current = fields[name];
  if (current === undefined) fields[name] = isList ? [value] : value;
  else fields[name] = [current, value].flat();
}

/** Reads a contributor form sent as multipart (SPEC §7) or as JSON, into fields and in-memory files. */
export async function readForm(req: FastifyRequest): Promise<FormInput> {
  if (!req.isMultipart()) {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const fields: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(body)) add(fields, k, v);
    return { fields, files: [] };
  }
  const fields: Record<string, unknown> = {};
  const files: FilePart[] = [];
  for await (const part of req.parts()) {
    if (part.type === 'file') {
      const bytes = await part.toBuffer();
      // A file input left empty arrives as a part with no name and no bytes.
      if (bytes.length || part.filename)
        files.push({ field: baseName(part.fieldname), filename: part.filename || 'file', bytes });
    } else {
      add(fields, part.fieldname, part.value);
    }
  }
  return { fields, files };
}
