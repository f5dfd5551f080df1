import { useState } from 'react';
import { useT } from '../app/i18n';
import { messages } from '../locales/en/shell.json?lingui';
import { Button, ButtonLink } from './ui/ui';

/** Share links as plain links: no third-party script or request before a click (DESIGN §8). */
export function ShareButtons({ url, title }: { url: string; title: string }) {
  const [copied, setCopied] = useState(false);
  const tr = useT(messages);
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(title);
  const links = [
    ['WhatsApp', `https://wa.me/?text=${t}%20${u}`],
    ['Facebook', `https://www.facebook.com/sharer/sharer.php?u=${u}`],
    ['X', `https://twitter.com/intent/tweet?url=${u}&text=${t}`],
    ['LinkedIn', `https://www.linkedin.com/sharing/share-offsite/?url=${u}`],
  ];
  return (
    // Labelled as sharing, so they never read as the listing's own contact buttons (its "WhatsApp" above).
    <fieldset className="row gap-xs share">
      <legend className="share-label">{tr('share.legend')}</legend>
      {links.map(([label, href]) => (
        <ButtonLink
          key={label}
          href={href}
          target="_blank"
          rel="noopener noreferrer"
          size="xs"
          variant="outline"
          aria-label={tr('share.on', { network: label })}
        >
          {label}
        </ButtonLink>
      ))}
      <Button
        size="xs"
        variant="outline"
        onClick={() => navigator.clipboard?.writeText(url).then(() => setCopied(true))}
      >
        {copied ? tr('share.copied') : tr('share.copy')}
      </Button>
    </fieldset>
  );
}
