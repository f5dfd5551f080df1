import { Writable } from 'node:stream';
import type { ReactNode } from 'react';
import { renderToPipeableStream, renderToString } from 'react-dom/server';
import { lazyPartsLoaded } from './lazy-part';

/** What React writes where a Suspense boundary's content was left for the browser to render. */
const CLIENT_RENDERED = '<!--$!-->';

/**
 * The document, whole, with the boot script (`script`) at the end of its body. Every page's data is
 * loaded before it renders, so it renders in one synchronous pass (`renderToString`): 3–5 % less time a page than
 * React's stream, which encodes the document into 2 KB pieces of bytes as it goes (bench/ab.ts). Only a lazy part
 * still loading suspends (the first outlet page after a start, its address and hours): the pass then leaves that
 * boundary to the browser, so the render waits for the parts' loads (`lazyPart`) and renders again. Should a boundary
 * still be left, or the render throw, the page goes through React's stream, which waits for what suspended, or
 * reports the error.
 */
export async function renderDocument(document: ReactNode, script: string): Promise<Buffer> {
  let html = onePass(document);
  // The document is looked through for a left boundary once a pass: a news page is ~50 KB.
  if (html?.includes(CLIENT_RENDERED)) {
    await lazyPartsLoaded();
    html = onePass(document);
    if (html?.includes(CLIENT_RENDERED)) html = undefined;
  }
  if (html === undefined) return renderStream(document, script);
  const end = html.lastIndexOf('</body>');
  const tag = `<script id="_R_">${inlineScriptText(script)}</script>`;
  return Buffer.from(`<!DOCTYPE html>${html.slice(0, end)}${tag}${html.slice(end)}`);
}

/** The document in one synchronous pass; undefined when something outside any Suspense boundary suspended or threw. */
function onePass(document: ReactNode): string | undefined {
  try {
    return renderToString(document);
  } catch {
    return undefined;
  }
}

/**
 * A script's text as the document carries it, the same in one pass and through React's stream (which writes its
 * bootstrap script so, with the shell's id, `_R_`, on the tag): the `s` of every `<script` and `</script` escaped, so
 * no text in it can end the tag or open another. The page's policy allows the script by the hash of this text.
 */
export const inlineScriptText = (script: string) =>
  script.replace(
    /(<\/|<)(s)(cript)/gi,
    (_m, lt: string, s: string, rest: string) => `${lt}${s === 's' ? '\\u0073' : '\\u0053'}${rest}`,
  );

/** The document through React's stream, handed over once all of it is ready (every Suspense boundary resolved). */
function renderStream(document: ReactNode, script: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // React hands the document over in pieces of about 2 KB: kept in one buffer, so the server compresses (or
    // caches) it in one write instead of some thirty.
    const chunks: Uint8Array[] = [];
    const body = new Writable({
      write(chunk, _encoding, done) {
        chunks.push(chunk);
        done();
      },
    });
    const stream = renderToPipeableStream(document, {
      bootstrapScriptContent: script,
      // The document goes out whole (onAllReady), so every Suspense boundary is written in place. By default React
      // moves a finished boundary past the first 12,800 bytes to the end of the document, revealed by a script of
      // its own up to 300 ms after the first paint: an outlet's address and hours popped in and pushed its text
      // down (Lighthouse's CLS 0.09 on a phone, two runs in three).
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      // Wait for the whole document, so crawlers get it all.
      onAllReady() {
        body.on('finish', () => resolve(Buffer.concat(chunks)));
        stream.pipe(body);
      },
      onShellError: reject,
      onError(err) {
        console.error(err);
      },
    });
  });
}
