import { describe, expect, it } from 'vitest';
import { issueToFieldError } from '../validation';
import { LoginRequest, passwordProblems } from './auth';
import { type LoginValues, loginProblems } from './login-rules';

const keys = (p: string, user?: { email?: string; name?: string }) =>
  passwordProblems(p, user).map((k) => k.split('|')[0]);

describe('password policy (01-console §5)', () => {
  it('accepts a long password with 3 groups and a symbol', () => {
    expect(passwordProblems('Blue-Harbour-77')).toEqual([]);
    expect(passwordProblems('river#stone9')).toEqual([]); // lower, digits, symbol
  });
  it('needs at least 8 characters', () => {
    expect(keys('Ab1!')).toContain('validation.passwordLength');
  });
  it('needs 3 of the 4 groups', () => {
    expect(keys('abcdefgh!')).toContain('validation.passwordGroups');
  });
  it('needs a symbol even with 3 groups', () => {
    expect(keys('Abcdefgh12')).toEqual(['validation.passwordSymbol']);
  });
  it('refuses system names, the e-mail and the user name', () => {
    expect(keys('My-Pulsera-2026')).toContain('validation.passwordPersonal');
    expect(keys('Xx-olga.ops-99', { email: 'olga.ops@demo.test' })).toContain('validation.passwordPersonal');
    expect(keys('Olga-Secret-99', { name: 'Olga Operations' })).toContain('validation.passwordPersonal');
  });
});

describe('login form (01-console §5)', () => {
  it('requires a valid e-mail and a password, and digits for the one-time code', () => {
    expect(LoginRequest.safeParse({ email: 'a@b.co', password: 'x' }).success).toBe(true);
    expect(LoginRequest.safeParse({ email: 'a@b', password: 'x' }).success).toBe(false);
    expect(LoginRequest.safeParse({ email: 'a@b.co', password: '' }).success).toBe(false);
    expect(LoginRequest.safeParse({ email: 'a@b.co', password: 'x', otp: '12a456' }).success).toBe(false);
    expect(LoginRequest.safeParse({ email: 'a@b.co', password: 'x', otp: '123456' }).success).toBe(true);
  });
});

describe('the sign-in form checks without zod', () => {
  it('says what LoginRequest (the server) says first of each field (what a field shows)', () => {
    const cases: LoginValues[] = [
      { email: '', password: '' },
      { email: '  ', password: 'x' },
      { email: 'admin@demo', password: 'x' },
      { email: 'admin@demo.test', password: '' },
      { email: ' admin@demo.test ', password: 'p'.repeat(201) },
      { email: 'admin@demo.test', password: 'secret', otp: '12345' },
      { email: 'admin@demo.test', password: 'secret', otp: ' 123456 ' },
      { email: 'admin@demo.test', password: 'secret', otp: '12a456' },
      { email: 'admin@demo.test', password: 'secret', recoveryCode: 'abcd-efgh-23' },
      { email: 'admin@demo.test', password: 'secret', recoveryCode: 'ABCDE FGHIJ' },
      { email: 'admin@demo.test', password: 'secret', recoveryCode: 'abcdefgh18' },
    ];
    for (const values of cases) {
      const parsed = LoginRequest.safeParse(values);
      const server = new Map<string, string>();
      for (const f of parsed.success ? [] : parsed.error.issues.map(issueToFieldError))
        if (!server.has(f.path)) server.set(f.path, f.message);
      const form = new Map(loginProblems(values).map((p) => [p.path as string, p.message]));
      expect(form, JSON.stringify(values)).toEqual(server);
    }
  });
});
