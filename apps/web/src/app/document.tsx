import type { TFormOutcome } from '@chaupal/contract/form-outcome';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { TZoneOffsets } from '../components/dates';
import { STATE_ID } from './boot';
import { LangProvider, type TUiLang } from './i18n';
import { type Services, ServicesProvider } from './services';
import type { StartPlan } from './start';

/** What the server tells the browser to load, from Vite's manifest. */
export interface Assets {
  entry: string;
  /** Stylesheets to link (none when the server inlines them). */
  css: string[];
  preload: string[];
}

/** What the server alone knows about the build (never sent to the browser): see `readAssets` on the server. */
export interface ServerAssets extends Assets {
  /** The whole public stylesheet, inlined into <head>. */
  styles?: string;
  /** Per lazy route module (by source path, or by name in a shared chunk): what it adds to the entry's. */
  modules?: Record<string, { preload: string[]; css: string[] }>;
  /** The enhancers by name, for the start plan (app/start.ts). */
  enhance?: StartPlan['enhance'];
}

/** Settings the browser needs to render the same document the server did. */
export interface BootConfig {
  assets: Assets;
  publicUrl: string;
  siteTz: string;
  /** The site zone's UTC offsets, so the browser formats dates without loading Intl's zone data (dates.ts). */
  zone?: TZoneOffsets;
  recaptchaSiteKey?: string;
  /** The map's tile URL template and credit (MAP_TILES_URL). */
  map?: { tiles: string; attribution: string };
  /** The interface language (decision 019): `?lang=`, then the `lang` cookie, then English. */
  lang: TUiLang;
  /** When the server rendered the page (epoch ms): open-now badges hydrate at that instant, then follow the clock. */
  renderedAt?: number;
  /** A public form's outcome, when the page answers its plain post (the same on both sides, so it hydrates). */
  form?: TFormOutcome;
}

/**
 * The whole HTML document, rendered on the server and hydrated in the browser (DESIGN §8): page components render
 * their own <title> and <meta> tags, which React hoists into <head>. The server inlines the stylesheet (`styles`,
 * allowed by its hash in the page's CSP) so no request delays the first paint; the browser renders no <style> of
 * its own, and React's hydration leaves the server's in <head> (it skips elements there that it did not render).
 * The scripts are not in the markup: the boot script starts them when the page needs them (`startScript` in
 * start.ts); the state they hydrate with is a JSON block at the end of the body.
 */
export function Document({
  boot,
  services,
  queryClient,
  styles,
  state,
  children,
}: {
  boot: BootConfig;
  services: Services;
  queryClient: QueryClient;
  styles?: string;
  /** The page's state as JSON text (`stateJson`), the same on the server and in the browser that read it back. */
  state: string;
  children: ReactNode;
}) {
  return (
    <html lang={boot.lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#e8590c" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {styles ? (
          // Our own built stylesheet, not user input.
          // biome-ignore lint/security/noDangerouslySetInnerHtml: CSS text must not be escaped
          <style dangerouslySetInnerHTML={{ __html: styles }} />
        ) : null}
        {boot.assets.css.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
      </head>
      <body>
        <QueryClientProvider client={queryClient}>
          <ServicesProvider value={services}>
            <LangProvider lang={boot.lang}>{children}</LangProvider>
          </ServicesProvider>
        </QueryClientProvider>
        {/* Data, never run (so not in the page's CSP): escaped by stateJson. */}
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: JSON text must not be escaped as HTML */}
        <script type="application/json" id={STATE_ID} dangerouslySetInnerHTML={{ __html: state }} />
      </body>
    </html>
  );
}
