import { Button, Card, Group, Image, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { telHref, whatsappHref } from './contact-links';

/** Text of an HTML fragment, for card descriptions. */
export const textOf = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();

/** SPEC §9: expert card descriptions are cut to 100 characters. */
export const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max).trimEnd()}…` : text);

interface CardProps {
  to: string;
  title: string;
  image: string | null;
  description: string;
  meta?: ReactNode;
  actions?: ReactNode;
}

/** A card of the grids: image, title on one line, description on two (SPEC §9). */
export function ItemCard({ to, title, image, description, meta, actions }: CardProps) {
  return (
    <Card withBorder padding="md" className="item-card" component="article">
      <Card.Section>
        <Link to={to} tabIndex={-1} aria-hidden="true">
          {image ? (
            <Image src={image} alt={title} h={180} fit="cover" loading="lazy" />
          ) : (
            <div className="image-placeholder" />
          )}
        </Link>
      </Card.Section>
      <Text component="h3" fw={700} fz="lg" mt="sm" lineClamp={1}>
        <Link to={to} className="card-title-link">
          {title}
        </Link>
      </Text>
      {meta}
      <Text c="dimmed" fz="sm" lineClamp={2} mt={4}>
        {description}
      </Text>
      {actions ? (
        <Group gap="xs" mt="md">
          {actions}
        </Group>
      ) : null}
    </Card>
  );
}

/** Call Us, WhatsApp (only with a number) and More, for experts and outlets (SPEC §2). */
export function ContactActions({
  callNow,
  whatsapp,
  more,
}: {
  callNow: string;
  whatsapp: string | null;
  more: string;
}) {
  const wa = whatsappHref(whatsapp);
  return (
    <>
      {callNow ? (
        <Button component="a" href={telHref(callNow)} size="xs">
          Call Us
        </Button>
      ) : null}
      {wa ? (
        <Button component="a" href={wa} target="_blank" rel="noopener noreferrer" size="xs" color="green">
          WhatsApp
        </Button>
      ) : null}
      <Button component={Link} to={more} size="xs" variant="light">
        More
      </Button>
    </>
  );
}
