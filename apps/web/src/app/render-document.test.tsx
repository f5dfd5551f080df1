import { type ComponentType, lazy, Suspense } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { lazyPart as serverLazyPart } from './lazy-part';
import { inlineScriptText, renderDocument } from './render-document';

// The stream is React's own, watched: a page goes through it only when the one-pass render cannot write it.
vi.mock('react-dom/server', async (original) => {
  const server = await original<typeof import('react-dom/server')>();
  return { ...server, renderToPipeableStream: vi.fn(server.renderToPipeableStream) };
});
beforeEach(() => vi.mocked(renderToPipeableStream).mockClear());

function Page({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <head>
        <title>A page</title>
      </head>
      <body>
        <main>{children}</main>
      </body>
    </html>
  );
}

/** A lazy part's module (an outlet's address and hours), which arrives after a turn. */
const partModule = async () => {
  await new Promise((resolve) => setTimeout(resolve, 5));
  return { default: () => <p>12 Station Road</p> };
};
/** A plain `React.lazy` of it, which the render knows nothing of. */
const lazyPart = () => lazy(partModule);
/** A page with the part inside a Suspense boundary, as pages have them. */
const inBoundary = (Part: ComponentType) => (
  <Page>
    <Suspense fallback={<p>Loading</p>}>
      <Part />
    </Suspense>
  </Page>
);

describe('renderDocument', () => {
  it('writes the document once, with the boot script at the end of the body', async () => {
    const html = (await renderDocument(<Page>Hello</Page>, 'window.go=1;')).toString();
    expect(html).toBe(
      '<!DOCTYPE html><html lang="en"><head><title>A page</title></head><body><main>Hello</main>' +
        '<script id="_R_">window.go=1;</script></body></html>',
    );
  });

  it('escapes every script tag in the boot script, as React does, so its text cannot end the tag', async () => {
    const script = 'var a="</script><script>alert(1)</script>",b="<SCRIPT>";';
    const html = (await renderDocument(<Page>Hi</Page>, script)).toString();
    expect(html).toContain(
      '<script id="_R_">var a="</\\u0073cript><\\u0073cript>alert(1)</\\u0073cript>",b="<\\u0053CRIPT>";</script>',
    );
    expect(html.match(/<script/gi)).toHaveLength(1);
  });

  it('writes the boot script’s text as inlineScriptText gives it, the only script, through the stream too', async () => {
    const script = 'var a="</script><script>alert(1)</script>";';
    const text = 'var a="</\\u0073cript><\\u0073cript>alert(1)</\\u0073cript>";';
    expect(inlineScriptText(script)).toBe(text);
    // A part not yet loaded sends the render through React's stream.
    const html = (await renderDocument(inBoundary(lazyPart()), script)).toString();
    expect(renderToPipeableStream).toHaveBeenCalledTimes(1);
    expect(html.match(/<script[^>]*>[\s\S]*?<\/script>/g)).toEqual([`<script id="_R_">${text}</script>`]);
  });

  it('waits for a lazy part not yet loaded, and writes the same document in one pass once it is', async () => {
    const page = inBoundary(lazyPart());
    // The first render suspends on the module: the stream waits for it, and the part is written in place.
    const first = (await renderDocument(page, 'go();')).toString();
    expect(first).toContain('<!--$--><p>12 Station Road</p><!--/$-->');
    expect(first).not.toContain('<!--$!-->');
    expect(first).not.toContain('Loading');
    expect(renderToPipeableStream).toHaveBeenCalledTimes(1);
    // Loaded now: the one-pass render gives the same bytes.
    const second = (await renderDocument(page, 'go();')).toString();
    expect(second).toBe(first);
    expect(renderToPipeableStream).toHaveBeenCalledTimes(1);
  });

  it('waits for a part declared with lazyPart while it loads, and renders again in one pass, not through the stream', async () => {
    expect(import.meta.env.SSR).toBe(true);
    const page = inBoundary(serverLazyPart(partModule));
    const first = (await renderDocument(page, 'go();')).toString();
    expect(first).toContain('<main><!--$--><p>12 Station Road</p><!--/$--></main>');
    expect(renderToPipeableStream).not.toHaveBeenCalled();
    expect((await renderDocument(page, 'go();')).toString()).toBe(first);
  });

  it('waits for a part that suspends outside any boundary', async () => {
    const Part = lazyPart();
    const html = (
      await renderDocument(
        <Page>
          <Part />
        </Page>,
        'go();',
      )
    ).toString();
    expect(html).toContain('<main><p>12 Station Road</p></main>');
  });
});
