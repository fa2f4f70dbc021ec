import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SignJWT } from 'jose';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { DEMO_SECRET_FILE, loadConfig } from './config';
import { openDatabase } from './db/client';

describe('the session secret', () => {
  const saved = { ...process.env };
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'pulsera-secret-'));
    delete process.env.SESSION_SECRET;
    process.env.DATA_DIR = dir;
  });
  afterEach(() => {
    process.env = { ...saved };
    rmSync(dir, { recursive: true, force: true });
  });

  it('outside the demo, the server refuses to start without SESSION_SECRET and says how to set it', () => {
    process.env.SEED = 'none';
    expect(() => loadConfig()).toThrow(/SESSION_SECRET is not set.*openssl rand -hex 32/);
  });

  it('outside the demo, the server refuses to start without PUBLIC_URL and says how to set it', () => {
    process.env.SEED = 'none';
    process.env.SESSION_SECRET = 'x'.repeat(40);
    delete process.env.PUBLIC_URL;
    expect(() => loadConfig()).toThrow(/PUBLIC_URL is not set.*PUBLIC_URL=https:\/\/console\.example\.com/);
    process.env.PUBLIC_URL = 'https://console.example.com/';
    expect(loadConfig().publicUrl).toBe('https://console.example.com');
  });

  it("in the demo, the public address is the one it listens on, never a request's", () => {
    process.env.SEED = 'demo';
    delete process.env.PUBLIC_URL;
    process.env.PORT = '8181';
    process.env.HOST = '127.0.0.1';
    expect(loadConfig().publicUrl).toBe('http://127.0.0.1:8181');
    process.env.HOST = '0.0.0.0';
    expect(loadConfig().publicUrl).toBe('http://localhost:8181');
    process.env.PUBLIC_URL = 'https://demo.example.com';
    expect(loadConfig().publicUrl).toBe('https://demo.example.com');
  });

  it('refuses a short SESSION_SECRET', () => {
    process.env.SESSION_SECRET = 'short';
    expect(() => loadConfig()).toThrow(/at least 32 characters/);
  });

  it('in the demo, generates a random secret into DATA_DIR on the first start and keeps it', () => {
    process.env.SEED = 'demo';
    const first = loadConfig().sessionSecret;
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(readFileSync(path.join(dir, DEMO_SECRET_FILE), 'utf8').trim()).toBe(first);
    expect(loadConfig().sessionSecret).toBe(first);
    // Another data folder, another demo: another secret.
    const other = mkdtempSync(path.join(os.tmpdir(), 'pulsera-secret-'));
    process.env.DATA_DIR = other;
    expect(loadConfig().sessionSecret).not.toBe(first);
    rmSync(other, { recursive: true, force: true });
  });

  it('a SESSION_SECRET that is set wins and nothing is written', () => {
    process.env.SEED = 'demo';
    process.env.SESSION_SECRET = 'x'.repeat(40);
    expect(loadConfig().sessionSecret).toBe('x'.repeat(40));
    expect(existsSync(path.join(dir, DEMO_SECRET_FILE))).toBe(false);
  });

  it('a mega-admin session signed with the constant the source once held is refused', async () => {
    process.env.SEED = 'demo';
    const database = await openDatabase({ databaseUrl: null, dataDir: 'memory://' });
    const { app } = await buildApp({ database, logger: false });
    const forged = await new SignJWT({ sub: '1', v: 0, scope: 'session' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt()
      .setAudience('session')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('pulsera-development-secret-change-me-0123456789'));
    const res = await app.inject({ method: 'GET', url: '/api/events/active', headers: { token: forged } });
    expect(res.statusCode).toBe(401);
    await app.close();
    await database.close();
  }, 180_000);
});
