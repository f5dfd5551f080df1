import { Button, Group } from '@mantine/core';
import { useState } from 'react';

/** Share links as plain links: no third-party script or request before a click (DESIGN §8). */
export function ShareButtons({ url, title }: { url: string; title: string }) {
  const [copied, setCopied] = useState(false);
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(title);
  const links = [
    ['WhatsApp', `https://wa.me/?text=${t}%20${u}`],
    ['Facebook', `https://www.facebook.com/sharer/sharer.php?u=${u}`],
    ['X', `https://twitter.com/intent/tweet?url=${u}&text=${t}`],
    ['LinkedIn', `https://www.linkedin.com/sharing/share-offsite/?url=${u}`],
  ];
  return (
    <Group gap="xs" aria-label="Share">
      {links.map(([label, href]) => (
        <Button
          key={label}
          component="a"
          href={href}
          target="_blank"
          rel="noopener noreferrer"
          size="xs"
          variant="default"
          aria-label={`Share on ${label}`}
        >
          {label}
        </Button>
      ))}
      <Button
        size="xs"
        variant="default"
        onClick={() => navigator.clipboard?.writeText(url).then(() => setCopied(true))}
      >
        {copied ? 'Link copied' : 'Copy link'}
      </Button>
    </Group>
  );
}
