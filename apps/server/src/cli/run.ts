import { resolve } from 'node:path';
import { ConfigError } from '../config';
import { DatabaseError } from '../db/client';

/** A mistake of the person at the shell (bad or missing options): one line, exit 2. */
export class UsageError extends Error {}

/** A path the person typed, read from where they typed it (npm runs workspace scripts in the workspace's folder). */
export const userPath = (path: string) => resolve(process.env.INIT_CWD ?? process.cwd(), path);

/** The tool will not do it, and says why (a non-empty target, a running server): one line, exit 1. */
export class RefusedError extends Error {}

/**
 * Runs a shell command's work: a usage, configuration or database error prints one `chaupal: …` line and exits 2;
 * a refusal prints its line and exits 1; anything else prints its first line and exits 1.
 */
export function runCli(work: () => Promise<void>) {
  work().catch((err: unknown) => {
    if (err instanceof RefusedError) {
      process.stderr.write(`chaupal: ${err.message}\n`);
      process.exit(1);
    }
    const known =
      err instanceof UsageError ||
      err instanceof ConfigError ||
      err instanceof DatabaseError ||
      (err as { code?: string }).code?.startsWith('ERR_PARSE_ARGS');
    process.stderr.write(
      `chaupal: ${known ? (err as Error).message : `failed: ${String((err as Error).message).split('\n')[0]}`}\n`,
    );
    process.exit(known ? 2 : 1);
  });
}
