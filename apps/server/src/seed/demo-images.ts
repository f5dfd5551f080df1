import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import type { uploads } from '../db/schema';
import { imageVariants, variantFolder, variantName } from '../platform/images';

/**
 * Media for the demo seed: abstract pictures drawn as SVG and rendered by sharp (no text, since the machine may
 * lack fonts, and no downloads), and tiny hand-written PDFs. Everything is derived from a seeded PRNG so every
 * run writes the same bytes, which also keeps the immutable `/uploads/` cache headers honest.
 */

// ── Deterministic randomness ────────────────────────────────────────────────────────────────────

export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
  /** `n` distinct items in a random order. */
  sample<T>(items: readonly T[], n: number): T[];
}

/** mulberry32: tiny and good enough for picking demo data; Math.random would change the demo at every seed. */
export function createRandom(seed: number): Random {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    pick: (items) => items[Math.floor(next() * items.length)],
    chance: (p) => next() < p,
    sample: (items, n) => {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = int(0, i);
        [copy[i], copy[j]] = [copy[j], copy[i]];
      }
      return copy.slice(0, Math.min(n, copy.length));
    },
  };
}

// ── Files under uploads/demo, remembered for the uploads table ──────────────────────────────────

export type StoredFile = Required<
  Pick<typeof uploads.$inferInsert, 'url' | 'storageKey' | 'hash' | 'mime' | 'size' | 'originalName'>
>;

export class DemoFiles {
  readonly stored: StoredFile[] = [];
  private readonly dir: string;

  constructor(uploadsDir: string) {
    this.dir = join(uploadsDir, 'demo');
  }

  /**
   * Writes `demo/<fileName>` and returns its public URL. An image goes where an upload would, in a folder named by
   * its hash and size with its WebP variants beside it (decision 008): `demo/<hash>-<w>x<h>/<fileName>`.
   */
  async save(fileName: string, mime: string, bytes: Buffer): Promise<string> {
    const hash = createHash('sha256').update(bytes).digest('hex');
    let folder = '';
    if (mime.startsWith('image/')) {
      const { width = 0, height = 0 } = await sharp(bytes).metadata();
      folder = variantFolder(hash, width, height);
      await mkdir(join(this.dir, folder), { recursive: true });
      for (const v of await imageVariants(bytes, width)) {
        await writeFile(join(this.dir, folder, variantName(v.width)), v.bytes);
      }
    }
    await mkdir(join(this.dir, folder), { recursive: true });
    await writeFile(join(this.dir, folder, fileName), bytes);
    const storageKey = folder ? `demo/${folder}/${fileName}` : `demo/${fileName}`;
    const url = `/uploads/${storageKey}`;
    this.stored.push({ url, storageKey, hash, mime, size: bytes.length, originalName: fileName });
    return url;
  }
}

// ── Colours and SVG motifs ──────────────────────────────────────────────────────────────────────

/** HSL to #rrggbb: librsvg's CSS colour support varies by version, hex always works. */
function hsl(h: number, s: number, l: number): string {
  const hue = (((h % 360) + 360) % 360) / 360;
  const sat = Math.min(1, Math.max(0, s / 100));
  const lig = Math.min(1, Math.max(0, l / 100));
  const q = lig < 0.5 ? lig * (1 + sat) : lig + sat - lig * sat;
  const p = 2 * lig - q;
  const channel = (t0: number) => {
    const t = t0 < 0 ? t0 + 1 : t0 > 1 ? t0 - 1 : t0;
    const v = t < 1 / 6 ? p + (q - p) * 6 * t : t < 1 / 2 ? q : t < 2 / 3 ? p + (q - p) * (2 / 3 - t) * 6 : p;
    return Math.round(v * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(hue + 1 / 3)}${channel(hue)}${channel(hue - 1 / 3)}`;
}

const f = (n: number) => n.toFixed(1);

export type Motif = 'town' | 'bubbles' | 'waves' | 'mosaic' | 'emblem';

interface Canvas {
  w: number;
  h: number;
  hue: number;
  r: Random;
}

function linear(idName: string, from: string, to: string, vertical = false): string {
  const end = vertical ? 'x2="0" y2="1"' : 'x2="1" y2="1"';
  return `<linearGradient id="${idName}" x1="0" y1="0" ${end}><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>`;
}

/** Sky, sun, rolling hills and a row of houses: reads as "a town" without any words. */
function town({ w, h, hue, r }: Canvas): string {
  const parts = [
    `<defs>${linear('sky', hsl(hue, 70, 72), hsl(hue + 35, 75, 90), true)}</defs>`,
    `<rect width="${w}" height="${h}" fill="url(#sky)"/>`,
    `<circle cx="${f(w * (0.15 + r.next() * 0.7))}" cy="${f(h * 0.28)}" r="${f(h * 0.11)}" fill="${hsl(42, 95, 68)}" opacity="0.95"/>`,
  ];
  for (const [k, base, light] of [
    [0, 0.58, 58],
    [1, 0.68, 44],
  ] as const) {
    const y = h * base;
    const q = h * (0.1 + r.next() * 0.08);
    parts.push(
      `<path d="M0 ${f(y)} Q${f(w * 0.25)} ${f(y - q)} ${f(w * 0.5)} ${f(y)} T${f(w)} ${f(y - q * 0.3)} V${h} H0 Z" fill="${hsl(hue + 100 + k * 15, 35, light)}"/>`,
    );
  }
  const ground = h * 0.86;
  const scale = w / 800;
  for (let x = r.int(-10, 10) * scale; x < w; ) {
    const bw = r.int(44, 92) * scale;
    const bh = h * (0.12 + r.next() * 0.26);
    const top = ground - bh;
    const wall = hsl(hue + 180 + r.int(-30, 30), r.int(20, 45), r.int(30, 55));
    parts.push(`<rect x="${f(x)}" y="${f(top)}" width="${f(bw)}" height="${f(bh)}" fill="${wall}"/>`);
    if (r.chance(0.5)) {
      parts.push(
        `<path d="M${f(x - 4)} ${f(top)} L${f(x + bw / 2)} ${f(top - bw * 0.45)} L${f(x + bw + 4)} ${f(top)} Z" fill="${hsl(8, 55, 42)}"/>`,
      );
    }
    for (let wy = top + 12 * scale; wy < ground - 20 * scale; wy += 22 * scale) {
      for (let wx = x + 9 * scale; wx < x + bw - 14 * scale; wx += 18 * scale) {
        if (r.chance(0.6)) {
          parts.push(
            `<rect x="${f(wx)}" y="${f(wy)}" width="${f(8 * scale)}" height="${f(10 * scale)}" fill="${hsl(48, 90, 80)}" opacity="0.85"/>`,
          );
        }
      }
    }
    x += bw + r.int(4, 26) * scale;
  }
  parts.push(`<rect y="${f(ground)}" width="${w}" height="${f(h - ground)}" fill="${hsl(hue + 110, 25, 26)}"/>`);
  return parts.join('');
}

/** Overlapping translucent discs and rings on a diagonal gradient. */
function bubbles({ w, h, hue, r }: Canvas): string {
  const parts = [
    `<defs>${linear('bg', hsl(hue, 65, 45), hsl(hue + 50, 70, 70))}</defs>`,
    `<rect width="${w}" height="${h}" fill="url(#bg)"/>`,
  ];
  for (let i = 0; i < 12; i++) {
    const cx = r.next() * w;
    const cy = r.next() * h;
    const rad = h * (0.06 + r.next() * 0.3);
    const colour = hsl(hue + r.int(-40, 80), 75, r.int(55, 85));
    parts.push(
      r.chance(0.25)
        ? `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(rad)}" fill="none" stroke="${colour}" stroke-width="${f(h * 0.02)}" opacity="0.6"/>`
        : `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(rad)}" fill="${colour}" opacity="${(0.25 + r.next() * 0.4).toFixed(2)}"/>`,
    );
  }
  return parts.join('');
}

/** Layered waves from light to dark, like a river or dunes. */
function waves({ w, h, hue, r }: Canvas): string {
  const parts = [
    `<defs>${linear('bg', hsl(hue + 20, 80, 88), hsl(hue, 60, 70), true)}</defs>`,
    `<rect width="${w}" height="${h}" fill="url(#bg)"/>`,
  ];
  const layers = 5;
  for (let i = 0; i < layers; i++) {
    const y = h * (0.3 + (i * 0.6) / layers);
    const amp = h * (0.04 + r.next() * 0.05);
    const seg = w / 4;
    let d = `M0 ${f(y)}`;
    for (let s = 0; s < 4; s++) {
      const x0 = s * seg;
      const dir = s % 2 === 0 ? -1 : 1;
      d += ` C${f(x0 + seg / 3)} ${f(y + dir * amp)} ${f(x0 + (2 * seg) / 3)} ${f(y + dir * amp)} ${f(x0 + seg)} ${f(y)}`;
    }
    d += ` V${h} H0 Z`;
    parts.push(`<path d="${d}" fill="${hsl(hue + i * 8, 55, 62 - i * 9)}" opacity="0.9"/>`);
  }
  return parts.join('');
}

/** A grid of rounded tiles in shades of one hue, some with a dot: tidy, like a tiled floor. */
function mosaic({ w, h, hue, r }: Canvas): string {
  const parts = [`<rect width="${w}" height="${h}" fill="${hsl(hue, 30, 20)}"/>`];
  const cols = 8;
  const size = w / cols;
  const rows = Math.ceil(h / size);
  for (let row = 0; row < rows; row++) {
    for (let col = 0; col < cols; col++) {
      const x = col * size + size * 0.06;
      const y = row * size + size * 0.06;
      const s = size * 0.88;
      const fill = hsl(hue + r.int(-25, 25), r.int(45, 75), r.int(40, 75));
      parts.push(`<rect x="${f(x)}" y="${f(y)}" width="${f(s)}" height="${f(s)}" rx="${f(s * 0.18)}" fill="${fill}"/>`);
      if (r.chance(0.3)) {
        parts.push(
          `<circle cx="${f(x + s / 2)}" cy="${f(y + s / 2)}" r="${f(s * 0.22)}" fill="${hsl(hue + 180, 60, 85)}" opacity="0.8"/>`,
        );
      }
    }
  }
  return parts.join('');
}

/** A centred badge (ring, polygon, dots) on a soft gradient: an icon-like picture for a taxon. */
function emblem({ w, h, hue, r }: Canvas): string {
  const cx = w / 2;
  const cy = h / 2;
  const rad = h * 0.3;
  const sides = r.int(3, 8);
  const rot = r.next() * Math.PI;
  const poly = Array.from({ length: sides }, (_, i) => {
    const a = rot + (i * 2 * Math.PI) / sides;
    return `${f(cx + Math.cos(a) * rad * 0.62)},${f(cy + Math.sin(a) * rad * 0.62)}`;
  }).join(' ');
  const dots = Array.from({ length: 12 }, (_, i) => {
    const a = (i * Math.PI) / 6;
    return `<circle cx="${f(cx + Math.cos(a) * rad * 1.3)}" cy="${f(cy + Math.sin(a) * rad * 1.3)}" r="${f(h * 0.018)}" fill="${hsl(hue + 40, 80, 88)}"/>`;
  }).join('');
  return [
    `<defs>${linear('bg', hsl(hue, 70, 42), hsl(hue + 30, 75, 62))}</defs>`,
    `<rect width="${w}" height="${h}" fill="url(#bg)"/>`,
    `<circle cx="${f(w * 0.12)}" cy="${f(h * 0.85)}" r="${f(h * 0.4)}" fill="${hsl(hue - 20, 70, 70)}" opacity="0.25"/>`,
    `<circle cx="${f(w * 0.9)}" cy="${f(h * 0.1)}" r="${f(h * 0.3)}" fill="${hsl(hue + 60, 70, 75)}" opacity="0.25"/>`,
    `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(rad)}" fill="${hsl(hue, 60, 96)}" opacity="0.92"/>`,
    `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(rad * 0.85)}" fill="none" stroke="${hsl(hue, 60, 45)}" stroke-width="${f(h * 0.012)}"/>`,
    `<polygon points="${poly}" fill="${hsl(hue + 180, 55, 55)}"/>`,
    dots,
  ].join('');
}

const MOTIFS: Record<Motif, (c: Canvas) => string> = { town, bubbles, waves, mosaic, emblem };

function svg(w: number, h: number, body: string): Buffer {
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${body}</svg>`,
  );
}

/** The site mark: a tree over a raised platform (a chaupal), in saffron and green on a rounded tile. */
function logoSvg(): Buffer {
  const body = [
    `<defs>${linear('tile', hsl(28, 90, 55), hsl(12, 80, 48))}</defs>`,
    '<rect x="8" y="8" width="240" height="240" rx="52" fill="url(#tile)"/>',
    `<rect x="118" y="118" width="20" height="70" rx="4" fill="${hsl(25, 45, 28)}"/>`,
    `<circle cx="96" cy="104" r="38" fill="${hsl(130, 45, 38)}"/>`,
    `<circle cx="160" cy="104" r="38" fill="${hsl(130, 45, 38)}"/>`,
    `<circle cx="128" cy="76" r="46" fill="${hsl(125, 50, 44)}"/>`,
    `<rect x="52" y="184" width="152" height="18" rx="4" fill="${hsl(40, 85, 92)}"/>`,
    `<rect x="70" y="202" width="116" height="14" rx="3" fill="${hsl(40, 60, 80)}"/>`,
  ].join('');
  return svg(256, 256, body);
}

// ── PDF by hand ─────────────────────────────────────────────────────────────────────────────────

export interface PdfSpec {
  /** File name without extension; also what the web shows as the document's name. */
  name: string;
  title: string;
  lines: string[];
}

/** PDF string literal: parentheses and backslashes escaped, non-ASCII dropped (Helvetica is WinAnsi). */
const pdfText = (s: string) => s.replace(/[^\x20-\x7e]/g, '').replace(/[\\()]/g, (c) => `\\${c}`);

/** A one-page A4 PDF with a title and lines of text in the built-in Helvetica (no font embedding needed). */
export function buildPdf(title: string, lines: string[]): Buffer {
  const text = [
    'BT',
    '/F1 20 Tf 72 770 Td',
    `(${pdfText(title)}) Tj`,
    '/F1 12 Tf 18 TL 0 -36 Td',
    ...lines.map((l, i) => `${i ? 'T* ' : ''}(${pdfText(l)}) Tj`),
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(text)} >>\nstream\n${text}\nendstream`,
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out);
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

// ── The demo's media set ────────────────────────────────────────────────────────────────────────

export interface DemoMedia {
  /** Content pictures shared by listings, news and features. */
  pool: string[];
  /** One picture per taxon, by its key. */
  taxa: Map<string, string>;
  banners: string[];
  logo: string;
  about: string;
  alert: string;
  /** PDF URLs by spec name. */
  docs: Map<string, string>;
}

interface Job {
  name: string;
  svg: Buffer;
  format: 'jpeg' | 'png';
}

const POOL_SIZE = 24;
const POOL_MOTIFS: Motif[] = ['town', 'bubbles', 'waves', 'mosaic'];

function picture(name: string, w: number, h: number, hue: number, motif: Motif, r: Random): Job {
  return { name, svg: svg(w, h, MOTIFS[motif]({ w, h, hue, r })), format: 'jpeg' };
}

async function render(job: Job): Promise<Buffer> {
  const img = sharp(job.svg);
  return job.format === 'png' ? img.png({ compressionLevel: 9 }).toBuffer() : img.jpeg({ quality: 82 }).toBuffer();
}

/**
 * Draws every picture and PDF the demo uses. The SVGs are built in order (so the PRNG sequence is fixed), then
 * rendered concurrently: sharp works off the main thread, which keeps the seed fast.
 */
export async function generateMedia(
  files: DemoFiles,
  r: Random,
  input: { taxa: { key: string; hue: number }[]; docs: PdfSpec[] },
): Promise<DemoMedia> {
  const jobs: Job[] = [];
  for (let i = 0; i < POOL_SIZE; i++) {
    const hue = (i * 47 + r.int(0, 20)) % 360;
    jobs.push(
      picture(`photo-${String(i + 1).padStart(2, '0')}`, 800, 500, hue, POOL_MOTIFS[i % POOL_MOTIFS.length], r),
    );
  }
  for (const t of input.taxa) jobs.push(picture(`taxon-${t.key}`, 800, 500, t.hue, 'emblem', r));
  const banners: [Motif, number][] = [
    ['town', 200],
    ['waves', 24],
    ['bubbles', 150],
  ];
  for (const [i, [motif, hue]] of banners.entries()) jobs.push(picture(`banner-${i + 1}`, 1600, 600, hue, motif, r));
  jobs.push(picture('about', 800, 500, 190, 'town', r));
  jobs.push(picture('alert', 800, 500, 330, 'bubbles', r));
  jobs.push({ name: 'logo', svg: logoSvg(), format: 'png' });

  const rendered = await Promise.all(jobs.map(render));
  const urls = new Map<string, string>();
  for (const [i, job] of jobs.entries()) {
    const ext = job.format === 'png' ? 'png' : 'jpg';
    urls.set(job.name, await files.save(`${job.name}.${ext}`, `image/${job.format}`, rendered[i]));
  }
  const docs = new Map<string, string>();
  for (const d of input.docs)
    docs.set(d.name, await files.save(`${d.name}.pdf`, 'application/pdf', buildPdf(d.title, d.lines)));

  const url = (name: string) => urls.get(name) as string;
  return {
    pool: Array.from({ length: POOL_SIZE }, (_, i) => url(`photo-${String(i + 1).padStart(2, '0')}`)),
    taxa: new Map(input.taxa.map((t) => [t.key, url(`taxon-${t.key}`)])),
    banners: banners.map((_, i) => url(`banner-${i + 1}`)),
    logo: url('logo'),
    about: url('about'),
    alert: url('alert'),
    docs,
  };
}
