import { lazy, Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { renderDocument } from './render-document';

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

/** A lazy part as a page has them (an outlet's address and hours): its module arrives after a turn. */
const lazyPart = () =>
  lazy(async () => {
    await new Promise((resolve) => setTimeout(resolve, 5));
    return { default: () => <p>12 Station Road</p> };
  });

describe('renderDocument', () => {
  it('writes the document once, with the boot script under its nonce at the end of the body', async () => {
    const html = (await renderDocument(<Page>Hello</Page>, 'window.go=1;', 'abc123')).toString();
    expect(html).toBe(
      '<!DOCTYPE html><html lang="en"><head><title>A page</title></head><body><main>Hello</main>' +
        '<script nonce="abc123" id="_R_">window.go=1;</script></body></html>',
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

  it('waits for a lazy part not yet loaded, and writes the same document in one pass once it is', async () => {
    const Part = lazyPart();
    const page = (
      <Page>
        <Suspense fallback={<p>Loading</p>}>
          <Part />
        </Suspense>
      </Page>
    );
    // The first render suspends on the module: the stream waits for it, and the part is written in place.
    const first = (await renderDocument(page, 'go();', 'n1')).toString();
    expect(first).toContain('<!--$--><p>12 Station Road</p><!--/$-->');
    expect(first).not.toContain('<!--$!-->');
    expect(first).not.toContain('Loading');
    // Loaded now: the one-pass render gives the same bytes.
    const second = (await renderDocument(page, 'go();', 'n1')).toString();
    expect(second).toBe(first);
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
