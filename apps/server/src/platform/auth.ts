import { API_ERRORS } from '@chaupal/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { Db, DbOrTx } from '../db/client';
import { users } from '../db/schema';
import { AppError } from './errors';
import { accountKey } from './rate-limit';

export type TAccount = typeof users.$inferSelect;

/**
 * `userName` is an e-mail or a phone in any spelling (10 digits get +91); the account it names, if any. Here, below
 * the modules, because signing in (modules/account) and sending a code (modules/verification) both look a name up,
 * and neither module may import the other both ways.
 */
export async function findByUserName(db: DbOrTx, userName: string): Promise<TAccount | undefined> {
  const key = accountKey(userName);
  const where = key.includes('@') ? eq(users.email, key) : eq(users.phone, key);
  const [row] = await db.select().from(users).where(where).limit(1);
  return row;
}

declare module 'fastify' {
  interface FastifyRequest {
    account?: TAccount;
  }
  interface FastifyInstance {
    tokens: Tokens;
    /** Any signed-in account that is not held (profile and verification calls). */
    requireAccount: (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** A signed-in, not held account with both channels verified (contributor calls). */
    requireContributor: (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** An admin. */
    requireAdmin: (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /**
     * An admin, or an editor with both channels verified (an editor is a contributor too); what an editor may do
     * beyond passing it is the route's to say.
     */
    requireEditor: (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

const TOKEN_LIFETIME = '30d';

export interface Tokens {
  issue(user: Pick<TAccount, 'id' | 'tokenVersion'>): Promise<string>;
}

/**
 * Bearer JWTs (HS256) that name the user and the user's token version; every signed-in call loads the account and
 * checks its current status, so holding an account or changing its password takes effect on the next call.
 */
export function registerAuth(app: FastifyInstance, db: Db, secret: Uint8Array) {
  const tokens: Tokens = {
    issue: (user) =>
      new SignJWT({ ver: user.tokenVersion })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(user.id)
        .setIssuedAt()
        .setExpirationTime(TOKEN_LIFETIME)
        .sign(secret),
  };
  app.decorate('tokens', tokens);

  async function accountOf(req: FastifyRequest): Promise<TAccount> {
    const header = req.headers.authorization ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match) throw new AppError('UNAUTHORIZED', API_ERRORS.unauthorized);
    let sub: string | undefined;
    let ver: unknown;
    try {
      // Every token we issue expires; one without `exp` is not ours to honour, even if it carries our signature.
      const { payload } = await jwtVerify(match[1], secret, { algorithms: ['HS256'], requiredClaims: ['exp'] });
      sub = payload.sub;
      ver = payload.ver;
    } catch (err) {
      if (err instanceof joseErrors.JOSEError) throw new AppError('UNAUTHORIZED', API_ERRORS.unauthorized);
      throw err;
    }
    if (!sub || !/^[0-9a-f-]{36}$/i.test(sub)) throw new AppError('UNAUTHORIZED', API_ERRORS.unauthorized);
    const [account] = await db.select().from(users).where(eq(users.id, sub)).limit(1);
    if (!account || account.tokenVersion !== ver) throw new AppError('UNAUTHORIZED', API_ERRORS.unauthorized);
    if (account.status === 'hold') throw new AppError('FORBIDDEN', API_ERRORS.accountHeld, undefined, 'hold');
    return account;
  }

  app.decorate('requireAccount', async (req: FastifyRequest) => {
    req.account = await accountOf(req);
  });
  app.decorate('requireContributor', async (req: FastifyRequest) => {
    const account = await accountOf(req);
    if (account.role !== 'admin' && !(account.emailVerified && account.phoneVerified)) {
      throw new AppError('FORBIDDEN', API_ERRORS.accountUnverified, undefined, 'active');
    }
    req.account = account;
  });
  app.decorate('requireAdmin', async (req: FastifyRequest) => {
    const account = await accountOf(req);
    if (account.role !== 'admin') throw new AppError('FORBIDDEN', API_ERRORS.forbidden);
    req.account = account;
  });
  app.decorate('requireEditor', async (req: FastifyRequest) => {
    const account = await accountOf(req);
    if (account.role !== 'admin' && account.role !== 'editor') throw new AppError('FORBIDDEN', API_ERRORS.forbidden);
    if (account.role === 'editor' && !(account.emailVerified && account.phoneVerified))
      throw new AppError('FORBIDDEN', API_ERRORS.accountUnverified, undefined, 'active');
    req.account = account;
  });
}

/** The signed-in account of a request that passed one of the guards. */
export function accountOfRequest(req: FastifyRequest): TAccount {
  if (!req.account) throw new AppError('UNAUTHORIZED', API_ERRORS.unauthorized);
  return req.account;
}
