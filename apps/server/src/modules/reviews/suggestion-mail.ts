import { CONTENT_KINDS, SUGGESTION_FIELDS, type TSuggestionField } from '@chaupal/contract';
import type { TListingKind } from '@chaupal/contract/trust-values';
import type { OutgoingMessage } from '../../platform/messenger';
import { FIELD_LABELS, shownValue, type TStoredChanges } from './suggestion-changes';

/** Only an address that looks like e-mail is written to; a phone or anything else left as contact is not used. */
const EMAIL = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;

/**
 * The owner's notice of a new suggestion: the changes, the suggester's name if given and their message. Never their
 * contact: the site thanks them, the owner does not need to reach them.
 */
export function ownerNotice(
  owner: { email: string; name: string },
  listing: { kind: TListingKind; title: string },
  suggestion: { changes: TStoredChanges; name: string | null; message: string },
  publicUrl: string,
): OutgoingMessage {
  const spec = CONTENT_KINDS[listing.kind];
  const who = suggestion.name ? `A visitor (${suggestion.name})` : 'A visitor';
  const lines = SUGGESTION_FIELDS.flatMap((field) => {
    const change = suggestion.changes[field];
    return change ? [`- ${FIELD_LABELS[field]}: ${shownValue(field, change.proposed)}`] : [];
  });
  return {
    channel: 'email',
    to: owner.email,
    subject: `A suggested correction to "${listing.title}"`,
    text: [
      `Hello ${owner.name},`,
      '',
      `${who} suggested a correction to your ${spec.label.toLowerCase()} "${listing.title}":`,
      ...lines,
      ...(suggestion.message ? ['', `Their message: ${suggestion.message}`] : []),
      '',
      'Accept or reject each change on your dashboard:',
      `${publicUrl}${spec.dashboardPath}`,
    ].join('\n'),
  };
}

/** The suggester's thanks when changes they suggested were accepted: the listing's title and the fields, nothing else. */
export function suggesterThanks(
  contact: string | null,
  name: string | null,
  title: string,
  accepted: TSuggestionField[],
): OutgoingMessage | null {
  if (!contact || !EMAIL.test(contact) || !accepted.length) return null;
  return {
    channel: 'email',
    to: contact,
    subject: `Thank you: your correction to "${title}" was accepted`,
    text: [
      name ? `Hello ${name},` : 'Hello,',
      '',
      `The changes you suggested to "${title}" were accepted: ${accepted.map((f) => FIELD_LABELS[f]).join(', ')}.`,
      'Thank you for helping keep the directory right.',
    ].join('\n'),
  };
}
