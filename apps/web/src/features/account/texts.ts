import { createElement, Fragment, type ReactNode } from 'react';
import type { Translate } from '../../app/i18n';

/**
 * A translated sentence with elements in it (a link, an address in bold): the text `id` with each `{name}` replaced
 * by `parts[name]`, so each language puts the elements where its word order wants them.
 */
export function fill(t: Translate, id: string, parts: Record<string, ReactNode>): ReactNode {
  const marks = Object.fromEntries(Object.keys(parts).map((name) => [name, `{${name}}`]));
  const pieces = t(id, marks)
    .split(/\{(\w+)\}/)
    .map((piece, i) => (i % 2 ? parts[piece] : piece));
  return createElement(Fragment, null, ...pieces);
}

/** "Email: OTP Send Successfully": a channel's name before a message about its code. */
export const channelMessage = (t: Translate, channel: 'email' | 'phone', message: string) =>
  t('account.channelMessage', { channel: t(`account.channel.${channel}`), message });
