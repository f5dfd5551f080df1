import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { type Services, ServicesProvider } from './services';

/** What the server tells the browser to load, from Vite's manifest. */
export interface Assets {
  entry: string;
  css: string[];
  preload: string[];
}

/** Settings the browser needs to render the same document the server did. */
export interface BootConfig {
  assets: Assets;
  publicUrl: string;
  siteTz: string;
  recaptchaSiteKey?: string;
}

/**
 * The whole HTML document, rendered on the server and hydrated in the browser (DESIGN §8): page components render
 * their own <title> and <meta> tags, which React hoists into <head>.
 */
export function Document({
  boot,
  services,
  queryClient,
  children,
}: {
  boot: BootConfig;
  services: Services;
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#e8590c" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {boot.assets.css.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
        {boot.assets.preload.map((href) => (
          <link key={href} rel="modulepreload" href={href} />
        ))}
      </head>
      <body>
        <QueryClientProvider client={queryClient}>
          <ServicesProvider value={services}>{children}</ServicesProvider>
        </QueryClientProvider>
      </body>
    </html>
  );
}
