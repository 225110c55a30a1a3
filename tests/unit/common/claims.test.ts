// The claim check (common/claims.ts), the server's and the browser's.
import { describe, expect, it } from 'vitest';
import { ADMIN_CLAIM, hasClaim } from '../../../common/claims.ts';

describe('hasClaim', () => {
  it('passes the claim itself, and Admin for every claim', () => {
    expect(hasClaim(['Products.Read'], 'Products.Read')).toBe(true);
    expect(hasClaim([ADMIN_CLAIM], 'Products.Delete')).toBe(true);
    expect(hasClaim(['Products.Read'], 'Products.Delete')).toBe(false);
  });

  it('passes nothing without claims (signed out)', () => {
    expect(hasClaim(undefined, 'Products.Read')).toBe(false);
    expect(hasClaim([], 'Products.Read')).toBe(false);
    expect(hasClaim(undefined, ADMIN_CLAIM)).toBe(false);
  });

  it('matches names exactly', () => {
    expect(hasClaim(['products.read', 'Products'], 'Products.Read')).toBe(false);
    expect(hasClaim(['admin'], 'Products.Read')).toBe(false);
  });
});
