import {
  type ComponentProps,
  createContext,
  type MouseEvent,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
} from 'react';
import { type NavigateOptions, useNavigate } from 'react-router';

type Follow = (
  event: MouseEvent<HTMLAnchorElement>,
  options: Pick<NavigateOptions, 'replace' | 'preventScrollReset'>,
) => void;

const FollowContext = createContext<Follow | null>(null);

/**
 * How an in-app link is followed, given once for the whole app by the layout: a plain left click on a link to this
 * site becomes a navigation of the router, without reloading the page. A click with a modifier key, on a link to
 * another site, another window or a download, or one a handler already took, stays the browser's.
 */
export function LinkFollower({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const follow = useCallback<Follow>(
    (event, options) => {
      const a = event.currentTarget;
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey) return;
      if (event.shiftKey || (a.target && a.target !== '_self') || a.hasAttribute('download')) return;
      // The address as the browser reads the link (a relative `?page=2` is this page's), on this site only.
      const url = new URL(a.href, window.location.href);
      if (url.origin !== window.location.origin) return;
      event.preventDefault();
      const to = url.pathname + url.search + url.hash;
      const here = window.location.pathname + window.location.search + window.location.hash;
      // A link to the page already shown replaces it in the history instead of adding it again (as React Router's).
      navigate(to, { replace: options.replace ?? to === here, preventScrollReset: options.preventScrollReset });
    },
    [navigate],
  );
  // The page's enhancers (a picked search suggestion) navigate in the app too, once it runs.
  useEffect(() => {
    window.__CHAUPAL_NAVIGATE__ = (to) => navigate(to);
    return () => {
      window.__CHAUPAL_NAVIGATE__ = undefined;
    };
  }, [navigate]);
  return <FollowContext.Provider value={follow}>{children}</FollowContext.Provider>;
}

type LinkProps = Omit<ComponentProps<'a'>, 'href'> & {
  /** Where the link goes: a path of this site, or a query of this page (`?page=2`). */
  to: string;
  replace?: boolean;
  /** Keeps the reader's scroll position (a list's pager), instead of starting the next page at its top. */
  preventScrollReset?: boolean;
};

/**
 * A link within the site: a plain anchor with its address as written, followed in the app by LinkFollower. React
 * Router's `Link` resolves its address against the route and reads the location and navigation state for each link,
 * a twentieth of a news page's time on the server for the forty links of its header, cards and footer.
 */
export function Link({ to, replace, preventScrollReset, onClick, ...rest }: LinkProps) {
  const follow = useContext(FollowContext);
  return (
    <a
      href={to}
      {...rest}
      onClick={(event) => {
        onClick?.(event);
        follow?.(event, { replace, preventScrollReset });
      }}
    />
  );
}
