import type { TFormOutcome } from '@chaupal/contract/form-outcome';
import { createContext, type ReactNode, useContext } from 'react';
import type { ApiFetch } from '../api/client';
import type { PublicQueries } from '../api/queries';

export interface Services {
  apiFetch: ApiFetch;
  queries: PublicQueries;
  /** Absolute site URL for canonical links and share tags. */
  publicUrl: string;
  /** Time zone dates are shown in (SITE_TZ), the same on server and browser. */
  siteTz: string;
  recaptchaSiteKey?: string;
  /** The map's tiles and credit (decision 015). */
  map?: { tiles: string; attribution: string };
  /** When the page was rendered (epoch ms); open-now badges start from it (components/open-badge.tsx). */
  renderedAt?: number;
  /** A public form the server answered as a plain post, shown again with its errors (form-posts.ts on the server). */
  formOutcome?: TFormOutcome;
}

const ServicesContext = createContext<Services | null>(null);

export function ServicesProvider({ value, children }: { value: Services; children: ReactNode }) {
  return <ServicesContext.Provider value={value}>{children}</ServicesContext.Provider>;
}

export function useServices(): Services {
  const s = useContext(ServicesContext);
  if (!s) throw new Error('ServicesProvider is missing');
  return s;
}

/** The server's answer to `form` when the page came back from its plain post. */
export function useFormOutcome(form: TFormOutcome['form']): TFormOutcome | undefined {
  const outcome = useServices().formOutcome;
  return outcome?.form === form ? outcome : undefined;
}
