import { createHmac, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { MESSAGES } from '@chaupal/contract';
import type { AppError } from '../../platform/errors';
import { CODE_RULES, DAY_MS, invalidCode, type TVerificationType, tooManyToday } from './verification.service';

interface Decoy {
  id: string;
  userId: string;
  key: string;
  createdAt: number;
  attempts: number;
}

/**
 * What answers for names that get no code remember, per instance and bounded, so they behave like real ones: the
 * same verification id within a minute ("OTP Already Sent"), the daily cap, a stable user id per name, and five
 * tries before "Too many attempts". It also keeps how long storing and sending a real code recently took, so a decoy
 * answers in that time.
 */
export class Decoys {
  private readonly latest = new Map<string, Decoy>();
  private readonly byId = new Map<string, Decoy>();
  private readonly sends = new Map<string, number[]>();
  private readonly sendTimes: number[] = [];

  constructor(
    private readonly secret: Uint8Array,
    private readonly maxEntries = 10_000,
  ) {}

  /** The decoy given for this name and type under a minute ago, if any ("OTP Already Sent"). */
  recent(key: string, type: TVerificationType, now: Date) {
    const last = this.latest.get(`${type}:${key}`);
    if (!last || now.getTime() - last.createdAt >= CODE_RULES.resendAfterMs) return undefined;
    return { verificationId: last.id, userId: last.userId };
  }

  /** The daily cap of codes per address, counted for decoys as for real codes. */
  assertUnderCap(key: string, now: Date) {
    const today = (this.sends.get(key) ?? []).filter((t) => now.getTime() - t < DAY_MS);
    if (today.length >= CODE_RULES.maxPerTargetPerDay) throw tooManyToday();
  }

  /** A new decoy for this name and type; the one before it dies, as a real code dies with a resend. */
  issue(key: string, type: TVerificationType, now: Date) {
    const at = now.getTime();
    const slot = `${type}:${key}`;
    const last = this.latest.get(slot);
    if (last) this.byId.delete(last.id);
    const decoy = { id: randomUUID(), userId: this.userIdOf(key), key, createdAt: at, attempts: 0 };
    remember(this.latest, slot, decoy, this.maxEntries);
    remember(this.byId, decoy.id, decoy, this.maxEntries);
    const today = (this.sends.get(key) ?? []).filter((t) => at - t < DAY_MS);
    remember(this.sends, key, [...today, at], this.maxEntries);
    return { verificationId: decoy.id, userId: decoy.userId };
  }

  /** The answer a real code would get, counting the try like a real one. */
  validate(input: { userId: string; verificationId: string }, now: Date): AppError {
    const d = this.byId.get(input.verificationId);
    if (!d || d.userId !== input.userId) return invalidCode(MESSAGES.invalidToken);
    if (d.attempts >= CODE_RULES.maxAttempts) return invalidCode(MESSAGES.tooManyAttempts);
    if (now.getTime() - d.createdAt >= CODE_RULES.lifetimeMs) return invalidCode(MESSAGES.tokenExpired);
    d.attempts += 1;
    return invalidCode(MESSAGES.invalidToken);
  }

  /** How long storing and sending a real code took. */
  sample(ms: number) {
    this.sendTimes.push(ms);
    if (this.sendTimes.length > 15) this.sendTimes.shift();
  }

  /** Waits until the time since `startedAt` is what storing and sending a real code takes (the recent median). */
  async pad(startedAt: number) {
    const sorted = [...this.sendTimes].sort((a, b) => a - b);
    const until = startedAt + (sorted.length ? sorted[sorted.length >> 1] : 3);
    // A timer wakes a millisecond or more late, as much as a real send now takes (prepared statements): sleep to
    // within two milliseconds of the time, then yield to the event loop until it comes.
    const wait = until - performance.now();
    if (wait > 2) await sleep(wait - 2);
    while (performance.now() < until) await new Promise<void>((resolve) => setImmediate(resolve));
  }

  /** A version-4-shaped id derived from the name, so asking twice gives the same one, as for a real account. */
  private userIdOf(key: string) {
    const b = createHmac('sha256', this.secret).update(`decoy-user:${key}`).digest().subarray(0, 16);
    b[6] = (b[6] & 0x0f) | 0x40;
    b[8] = (b[8] & 0x3f) | 0x80;
    const h = b.toString('hex');
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
  }
}

function remember<V>(map: Map<string, V>, key: string, value: V, max: number) {
  map.delete(key);
  map.set(key, value);
  if (map.size > max) map.delete(map.keys().next().value as string);
}
