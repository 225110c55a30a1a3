// Claim checks: true when the user's claims hold the claim, or `Admin` (which passes all).
export const ADMIN_CLAIM = 'Admin';
export const hasClaim = (claims: readonly string[] | undefined, claim: string): boolean =>
  !!claims && (claims.includes(ADMIN_CLAIM) || claims.includes(claim));
