import type { TSuggestion, TSuggestionDecisionForm } from '@chaupal/contract';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { accountOfRequest } from '../../platform/auth';
import type { OutgoingMessage } from '../../platform/messenger';
import { writeContext } from '../content';
import { decideSuggestion } from './suggestions.service';

/** Sends a suggestion's e-mail once its write has committed; a failed send is logged, the suggestion or decision stands. */
export async function tell(app: FastifyInstance, mail: OutgoingMessage, log: FastifyBaseLogger) {
  try {
    await app.messenger.send(mail);
  } catch (err) {
    log.warn({ err }, 'could not send the suggested edit e-mail');
  }
}

/**
 * A decision by the signed-in owner or admin: accepted fields are their edit of the listing, with the write context
 * the contributors' routes give an edit (a loop of them refreshes cached pages at most every few seconds).
 */
export async function decideWith(
  app: FastifyInstance,
  req: FastifyRequest,
  as: 'owner' | 'admin',
  id: string,
  decisions: TSuggestionDecisionForm['decisions'],
): Promise<TSuggestion> {
  const account = accountOfRequest(req);
  const ctx = writeContext(app, account, req.log);
  const { suggestion, thanks } = await decideSuggestion(ctx, { account, as }, id, decisions);
  if (thanks) await tell(app, thanks, req.log);
  return suggestion;
}
