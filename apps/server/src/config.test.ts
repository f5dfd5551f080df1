import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('runs with nothing set', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir: './data',
      publicUrl: 'http://localhost:3000',
      devOutbox: true,
      autoApprove: false,
    });
    expect(c.databaseUrl).toBeUndefined();
  });

  it('reads booleans as true/false/1/0, and "false" as false', () => {
    expect(loadConfig({ AUTO_APPROVE: 'false' }).autoApprove).toBe(false);
    expect(loadConfig({ AUTO_APPROVE: '1' }).autoApprove).toBe(true);
    expect(loadConfig({ AUTO_APPROVE: '' }).autoApprove).toBe(false);
  });

  it('names each bad variable', () => {
    expect(() => loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x' })).toThrowError(ConfigError);
    expect(() => loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x' })).toThrowError(
      /PORT: .*; DATABASE_URL: must start with postgres/,
    );
    expect(() => loadConfig({ SITE_TZ: 'Mars/Base' })).toThrowError('SITE_TZ: unknown time zone "Mars/Base"');
  });

  it('renders eight pages at once with 256 waiting by default, and refuses a count below one', () => {
    expect(loadConfig({}).renders).toEqual({ concurrency: 8, queue: 256 });
    expect(loadConfig({ RENDER_CONCURRENCY: '2', RENDER_QUEUE: '0' }).renders).toEqual({ concurrency: 2, queue: 0 });
    expect(() => loadConfig({ RENDER_CONCURRENCY: '0' })).toThrowError(
      'Invalid configuration: RENDER_CONCURRENCY: Too small: expected number to be >=1',
    );
    expect(() => loadConfig({ RENDER_QUEUE: '-1' })).toThrowError(
      'Invalid configuration: RENDER_QUEUE: Too small: expected number to be >=0',
    );
  });

  it('requires JWT_SECRET and PUBLIC_URL in production, and turns the outbox off there', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrowError(
      'JWT_SECRET, PUBLIC_URL must be set in production',
    );
    const c = loadConfig({
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(32),
      PUBLIC_URL: 'https://chaupal.example/',
      DEV_OUTBOX: 'true',
    });
    expect(c.devOutbox).toBe(false);
    expect(c.publicUrl).toBe('https://chaupal.example');
  });

  it('reads the map tiles and a test clock, refusing the clock in production', () => {
    expect(loadConfig({}).map).toEqual({
      tiles: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      attribution: '© OpenStreetMap contributors',
    });
    expect(() => loadConfig({ MAP_TILES_URL: 'https://tiles.example.org/tile.png' })).toThrowError(
      'MAP_TILES_URL: must be an http(s) URL with {z}, {x} and {y}',
    );
    expect(loadConfig({}).fixedNow).toBeUndefined();
    expect(loadConfig({ FIXED_NOW: '2026-11-23T10:15:00+05:30' }).fixedNow).toBe(Date.UTC(2026, 10, 23, 4, 45));
    expect(() => loadConfig({ FIXED_NOW: 'monday' })).toThrowError('FIXED_NOW: must be an ISO date and time');
    const production = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32), PUBLIC_URL: 'https://chaupal.example' };
    expect(() => loadConfig({ ...production, FIXED_NOW: '2026-11-23T10:15:00Z' })).toThrowError(
      'Invalid configuration: FIXED_NOW is for tests and development only',
    );
  });

  it('turns the production checks on for a public PUBLIC_URL whatever NODE_ENV says', () => {
    expect(() => loadConfig({ PUBLIC_URL: 'https://devgarh.example' })).toThrowError(
      'Invalid configuration: JWT_SECRET must be set when PUBLIC_URL (https://devgarh.example) is not a localhost address',
    );
    const c = loadConfig({ PUBLIC_URL: 'https://devgarh.example', JWT_SECRET: 'x'.repeat(32), DEV_OUTBOX: 'true' });
    expect(c).toMatchObject({ strict: true, production: false, devOutbox: false });
    for (const local of ['http://localhost:3000', 'http://127.0.0.1:8080', 'http://[::1]:3000', 'http://a.localhost']) {
      expect(loadConfig({ PUBLIC_URL: local })).toMatchObject({ strict: false, devOutbox: true });
    }
    expect(loadConfig({})).toMatchObject({ strict: false, devOutbox: true });
  });

  it('refuses the development admin e-mail as ADMIN_EMAIL when the production checks are on', () => {
    const refused =
      'Invalid configuration: ADMIN_EMAIL: admin@chaupal.local is the well-known development default; use an address of your own';
    const secret = { JWT_SECRET: 'x'.repeat(32) };
    const production = { NODE_ENV: 'production', PUBLIC_URL: 'https://chaupal.example', ...secret };
    expect(() => loadConfig({ ...production, ADMIN_EMAIL: 'admin@chaupal.local' })).toThrowError(refused);
    expect(() => loadConfig({ ...production, ADMIN_EMAIL: 'Admin@Chaupal.Local' })).toThrowError(refused);
    expect(() =>
      loadConfig({ PUBLIC_URL: 'https://devgarh.example', ...secret, ADMIN_EMAIL: 'admin@chaupal.local' }),
    ).toThrowError(refused);
    expect(loadConfig({ ...production, ADMIN_EMAIL: 'editor@chaupal.example' }).adminEmail).toBe(
      'editor@chaupal.example',
    );
    expect(loadConfig({ ADMIN_EMAIL: 'admin@chaupal.local' }).adminEmail).toBe('admin@chaupal.local');
  });
});

describe('start-up failures', () => {
  const start = (env: Record<string, string>) =>
    spawnSync(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'main.ts')], {
      env: { PATH: process.env.PATH, DATA_DIR: mkdtempSync(join(tmpdir(), 'chaupal-start-')), ...env },
      encoding: 'utf8',
      timeout: 30_000,
    });

  it.each([
    [
      'an unreachable database',
      'postgres://nobody@127.0.0.1:1/nothing',
      /^chaupal: cannot connect to the database at DATABASE_URL: .*ECONNREFUSED.*\n$/,
    ],
    [
      'a corrupt database URL',
      'postgres://%zz@@/',
      /^chaupal: (cannot connect to the database at DATABASE_URL|DATABASE_URL is not a usable PostgreSQL URL): .+\n$/,
    ],
    [
      'a database URL of another kind',
      'mysql://root@localhost/x',
      /^chaupal: Invalid configuration: DATABASE_URL: must start with postgres:\/\/ or postgresql:\/\/\n$/,
    ],
  ])('exits 1 with one clear line for %s', (_name, url, line) => {
    const r = start({ DATABASE_URL: url });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(line);
    expect(r.stderr.split('\n').filter(Boolean)).toHaveLength(1);
  });
});
