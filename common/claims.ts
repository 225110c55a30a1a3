// The claim check: the server's before every operation (its `x-claim`), the browser's before it
// offers a menu entry, a button or a dialog.

/** Holds every claim there is. */
export const ADMIN_CLAIM = 'Admin';

/** Sells Kurban shares at a price other than the price list's (the server prices every order otherwise). */
export const PRICE_OVERRIDE_CLAIM = 'VictimOrders.PriceOverride';

/** True when `claims` hold `claim`, or `Admin`; no claims (signed out) hold nothing. */
export const hasClaim = (claims: readonly string[] | undefined, claim: string): boolean =>
  !!claims && (claims.includes(ADMIN_CLAIM) || claims.includes(claim));
