import type { TSite } from '@chaupal/contract';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import { useServices } from '../app/services';

const SiteContext = createContext<TSite | null>(null);
/** Given by the layout of every page (layout/layout.tsx), which reads the settings once for all its parts. */
export const SiteProvider = SiteContext.Provider;

/** The layout's one read of the site's settings: kept fresh by its query, handed to every part of the page. */
export function useSiteQuery(): TSite {
  const { queries } = useServices();
  return useSuspenseQuery(queries.site()).data;
}

/** The site's name, logo, contact details, keywords and copyright: loaded by the root route for every page. */
export function useSite(): TSite {
  const site = useContext(SiteContext);
  if (!site) throw new Error('SiteProvider is missing');
  return site;
}
