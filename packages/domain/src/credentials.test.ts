import { describe, expect, it } from 'vitest';
import { PASSWORD_RULE_MESSAGE, PIN_TOO_SIMPLE_MESSAGE, checkNewPassword } from './credentials';

describe('checkNewPassword', () => {
  it('accepts PINs of 4 to 6 digits that are not trivial', () => {
    expect(checkNewPassword('2580')).toEqual({ ok: true, kind: 'pin' });
    expect(checkNewPassword('739184')).toEqual({ ok: true, kind: 'pin' });
  });

  it('refuses trivial PINs', () => {
    for (const pin of ['0000', '1234', '4321', '7890', '111111']) {
      expect(checkNewPassword(pin)).toEqual({ ok: false, message: PIN_TOO_SIMPLE_MESSAGE });
    }
  });

  it('accepts passwords with a letter and a digit, 8 characters or more', () => {
    expect(checkNewPassword('DemoPass#2026')).toEqual({ ok: true, kind: 'password' });
    expect(checkNewPassword('nairobi1')).toEqual({ ok: true, kind: 'password' });
  });

  it('refuses short, letter-only, digit-only (non-PIN) and overlong values', () => {
    for (const value of ['abc1', 'password', '1234567', '12345678', `a1${'x'.repeat(127)}`]) {
      expect(checkNewPassword(value)).toEqual({ ok: false, message: PASSWORD_RULE_MESSAGE });
    }
  });
});
