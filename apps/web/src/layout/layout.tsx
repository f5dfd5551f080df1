import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { Toasts } from '../components/toasts';
import { Footer } from './footer';
import { Header } from './header';

/** Every public page: header, content, footer, and the preloader SPEC §2 asks for (a CSS bar, gone within 1.5 s). */
export function Layout({ children }: { children?: ReactNode }) {
  return (
    <>
      <div className="preloader" aria-hidden="true" />
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header />
      <main id="main" className="site-main">
        {children ?? <Outlet />}
      </main>
      <Footer />
      <Toasts />
    </>
  );
}
