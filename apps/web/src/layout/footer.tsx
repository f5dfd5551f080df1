import { useState } from 'react';
import { useSite } from '../api/use-site';
import { useT } from '../app/i18n';
import { telHref, whatsappHref } from '../components/contact-links';
import { ButtonLink } from '../components/ui/ui';
import { messages } from '../locales/en/shell.json?lingui';

/** Loads the map only on request: no third-party request before a click (DESIGN §8). */
function MapFacade({ address }: { address: string }) {
  const [shown, setShown] = useState(false);
  const t = useT(messages);
  if (!address) return null;
  const src = `https://www.google.com/maps?q=${encodeURIComponent(address)}&output=embed`;
  return shown ? (
    <iframe title={t('footer.map')} src={src} className="map-frame" loading="lazy" referrerPolicy="no-referrer" />
  ) : (
    <button type="button" className="map-facade" onClick={() => setShown(true)}>
      {t('footer.showMap')}
    </button>
  );
}

export function Footer() {
  const site = useSite();
  const t = useT(messages);
  const c = site.contactUs;
  const socials = [
    ['Facebook', c.fblink],
    ['Instagram', c.instagram],
    ['X', c.twitter],
    ['LinkedIn', c.linkedin],
    ['YouTube', c.youtube],
  ].filter(([, href]) => href);
  const whatsapp = whatsappHref(c.whatsapp_link, c.whatsappMessage);
  return (
    <footer className="site-footer">
      <div className="container container-xl footer-grid">
        <div className="stack gap-sm">
          <h2 className="footer-title">{site.siteName}</h2>
          {c.address ? <p>{c.address}</p> : null}
          <div className="row gap-sm">
            {c.help_Num ? (
              <ButtonLink href={telHref(c.help_Num)} variant="white">
                {t('footer.callUs')}
              </ButtonLink>
            ) : null}
            {whatsapp ? (
              <ButtonLink href={whatsapp} target="_blank" rel="noopener noreferrer" variant="green">
                WhatsApp
              </ButtonLink>
            ) : null}
          </div>
          {c.email ? <a href={`mailto:${c.email}`}>{c.email}</a> : null}
        </div>
        <nav aria-label={t('footer.policiesNav')} className="stack gap-xs">
          {site.policies.map((p) => (
            <a key={p.id} href={`/policy/${p.id}`} target="_blank" rel="noopener">
              {p.title}
            </a>
          ))}
          <div className="row gap-md">
            {socials.map(([label, href]) => (
              <a key={label} href={href} target="_blank" rel="noopener noreferrer">
                {label}
              </a>
            ))}
          </div>
        </nav>
        <MapFacade address={c.address} />
      </div>
      <div className="container container-xl footer-legal">
        {[site.copyright, c.since && t('footer.since', { year: c.since })].filter(Boolean).join(' · ')}
        {c.developedby ? (
          <>
            {` · ${t('footer.developedBy')} `}
            <a href={c.developedby_url || undefined} target="_blank" rel="noopener noreferrer">
              {c.developedby}
            </a>
          </>
        ) : null}
        {c.managedby ? (
          <>
            {` · ${t('footer.managedBy')} `}
            <a href={c.managedby_url || undefined} target="_blank" rel="noopener noreferrer">
              {c.managedby}
            </a>
          </>
        ) : null}
      </div>
    </footer>
  );
}
