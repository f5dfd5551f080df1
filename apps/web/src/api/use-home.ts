import { useSuspenseQuery } from '@tanstack/react-query';
import { useServices } from '../app/services';

/** Home content (site name, logo, contact details, sections): loaded by the root route, kept 20 s (SPEC §7). */
export function useHome() {
  const { queries } = useServices();
  return useSuspenseQuery(queries.home()).data;
}
