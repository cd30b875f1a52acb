import { describe, expect, it } from 'vitest';
import { localPhone, normalisePhone } from './phone';

describe('phone normalisation', () => {
  it.each([
    '0712345678',
    '712345678',
    '254712345678',
    '+254712345678',
    '+254 712 345 678',
    '00254712345678',
    '0712-345-678',
  ])('Kenya %s → +254712345678', (input) => {
    expect(normalisePhone(input, 2)).toBe('+254712345678');
  });

  it('accepts Kenyan 01… numbers', () => {
    expect(normalisePhone('0112345678', 2)).toBe('+254112345678');
    expect(normalisePhone('254112345678', 2)).toBe('+254112345678');
  });

  it('rejects what is not a mobile number of the site', () => {
    for (const input of ['', '071234567', '07123456789', '+255712345678', '0212345678', 'abc']) {
      expect(normalisePhone(input, 2)).toBeNull();
    }
  });

  it('uses each site prefix', () => {
    expect(normalisePhone('0772123456', 1)).toBe('+256772123456');
    expect(normalisePhone('0971234567', 3)).toBe('+260971234567');
    expect(normalisePhone('0654123456', 4)).toBe('+255654123456');
    expect(localPhone('+254712345678', 2)).toBe('0712345678');
  });
});
