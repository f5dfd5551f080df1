import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet from 'helmet';
import type { Config } from '../config';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sets helmet's headers on a reply the hooks never saw (an address the router cannot decode). */
    securityHeaders(req: FastifyRequest, reply: FastifyReply): void;
  }
}

const noop = () => {};

/**
 * Helmet's headers on every answer (decision 022): its middleware built once, from the options below, and run from
 * the first `onRequest` hook after the input guard. @fastify/helmet rebuilt helmet's dozen header functions for every
 * request, a quarter of a bare Fastify route's throughput.
 */
export function registerSecurityHeaders(app: FastifyInstance, config: Config) {
  const apply = helmet({
    // Pages carry their own policy, which allows their inline content by hash (platform/csp.ts); the API answers JSON.
    contentSecurityPolicy: false,
    // HSTS only where the site is served over https: on http it would pin a plain-http host to https.
    strictTransportSecurity: new URL(config.publicUrl).protocol === 'https:',
    crossOriginResourcePolicy: { policy: 'same-site' },
  });
  // Helmet's header functions are synchronous and never fail: the hook goes on once they have run.
  const securityHeaders = (req: FastifyRequest, reply: FastifyReply) => apply(req.raw, reply.raw, noop);
  app.decorate('securityHeaders', securityHeaders);
  app.addHook('onRequest', (req, reply, done) => {
    securityHeaders(req, reply);
    done();
  });
}
