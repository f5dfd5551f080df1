import { useSuspenseQuery } from '@tanstack/react-query';
import { useServices } from '../app/services';

/** The site's name, logo, contact details, keywords and copyright: loaded by the root route for every page. */
export function useSite() {
  const { queries } = useServices();
  return useSuspenseQuery(queries.site()).data;
}
