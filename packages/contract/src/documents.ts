/**
 * SPEC §3: documents may arrive as a list or as a string resembling a serialised list of comma-separated links;
 * backslashes and quotes are stripped and it is split on commas.
 */
export function parseDocuments(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String).filter(Boolean);
  if (typeof value !== 'string') return [];
  return value
    .replace(/[\\"'[\]]/g, '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** SPEC §2: a document is shown by the last segment of its URL. */
export function documentName(url: string): string {
  const path = url.split(/[?#]/)[0] ?? '';
  const last = path.split('/').filter(Boolean).pop() ?? url;
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}
