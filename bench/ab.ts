import http from 'node:http';
import { percentile } from './load';

/**
 * `npx tsx bench/ab.ts <base A> <base B>`: two running servers (two commits, or one commit under two settings) timed
 * request by request, one request at a time, A and B in turn (which goes first alternates). The machine's speed drifts
 * by half within an hour here; a figure of one server against one run of another measures the drift, while two
 * servers asked alternately share it, so their ratio holds. Each path is warmed up, then asked AB_N times (default
 * 2,000) of each, as a browser asks (`accept-encoding: br, gzip`). Paths: AB_TARGETS, a comma-separated choice of
 * the names below (default all). Start each server as `npm start` does, with RESPONSE_CACHE=false for the uncached
 * path, each with a DATA_DIR of its own: both seed the same demo town.
 */
const [baseA, baseB] = process.argv.slice(2);
if (!baseA || !baseB) {
  process.stderr.write('usage: npx tsx bench/ab.ts <base URL of A> <base URL of B>\n');
  process.exit(2);
}
const N = Number(process.env.AB_N || 2000);
const WARM_UP = 200;
const HEADERS = { 'accept-encoding': 'br, gzip', accept: 'text/html,application/json' };
const agent = new http.Agent({ keepAlive: true, maxSockets: 2 });

/** One GET, read to its end: its status and milliseconds. */
function get(url: string): Promise<{ status: number; ms: number }> {
  return new Promise((resolve, reject) => {
    const t0 = process.hrtime.bigint();
    http
      .get(url, { agent, headers: HEADERS }, (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: Number(process.hrtime.bigint() - t0) / 1e6 }));
      })
      .on('error', reject);
  });
}

async function main() {
  const list = (await (await fetch(`${baseA}/api/backend/v1/newss/view?pageSize=1`)).json()) as {
    data: { slug: string }[];
  };
  const slug = list.data[0].slug;
  const paths: Record<string, string> = {
    'news page': `/news/${slug}`,
    'home page': '/',
    'list page': '/editions',
    'news API': `/api/backend/v1/newss/slug/${slug}`,
  };
  const names = process.env.AB_TARGETS ? process.env.AB_TARGETS.split(',') : Object.keys(paths);
  process.stdout.write(`| ${N} of each, in turn | A p50 ms | B p50 ms | A p90 ms | B p90 ms | B/A p50 |\n`);
  process.stdout.write('|---|---:|---:|---:|---:|---:|\n');
  for (const name of names) {
    const path = paths[name];
    if (!path) throw new Error(`no path named ${name}: ${Object.keys(paths).join(', ')}`);
    const times: [number[], number[]] = [[], []];
    for (let i = 0; i < WARM_UP + N; i++) {
      const order = i % 2 ? [0, 1] : [1, 0];
      for (const side of order) {
        const r = await get(`${side ? baseB : baseA}${path}`);
        if (r.status !== 200) throw new Error(`${side ? 'B' : 'A'} ${path}: ${r.status}`);
        if (i >= WARM_UP) times[side].push(r.ms);
        // A turn of the event loop, as between a browser's requests.
        await new Promise(setImmediate);
      }
    }
    const [a, b] = times.map((t) => t.sort((x, y) => x - y));
    const row = [percentile(a, 50), percentile(b, 50), percentile(a, 90), percentile(b, 90)].map((x) => x.toFixed(2));
    process.stdout.write(`| ${name} | ${row.join(' | ')} | ${(percentile(b, 50) / percentile(a, 50)).toFixed(3)} |\n`);
  }
  agent.destroy();
}

main().catch((err: unknown) => {
  process.stderr.write(`ab: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
