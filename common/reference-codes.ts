// The codes by which the server and the screens find reference rows, whatever staff have named
// them (issue 16, point 4). The reference seed gives its rows these codes; the ones the server
// relies on come back at start-up when missing, and cannot be changed or deleted.

/** Price types (`price_types.code`): `share` prices a Kurban share. */
export const PRICE_TYPE = { sale: 'sale', purchase: 'purchase', deposit: 'deposit', share: 'share' } as const;

/** Account types (`account_types.code`): a sale's new customer gets `customer`. */
export const ACCOUNT_TYPE = { customer: 'customer', supplier: 'supplier', staff: 'staff', donor: 'donor' } as const;

/** Appointment types (`appointment_types.code`). */
export const APPOINTMENT_TYPE = { slaughter: 'slaughter', pickup: 'pickup', visit: 'visit' } as const;

/** Attributes (`attributes.code`): `breed` is shown with each animal on the sales screen. */
export const ATTRIBUTE = { breed: 'breed', liveWeight: 'liveWeight', earTag: 'earTag', age: 'age' } as const;

/** Payment statuses (`payment_statuses.code`, an enum of the contract). */
export const PAYMENT_STATUS = { pending: 'pending', paid: 'paid', cancelled: 'cancelled', refunded: 'refunded' } as const;

/** Codes the server itself relies on, by table: always present, never changed or deleted. */
export const SERVER_CODES = {
  price_types: [PRICE_TYPE.share],
  account_types: [ACCOUNT_TYPE.customer],
} as const;

/**
 * The message id that translates a text of a reference row (`x-entity.translate` of the contract:
 * the row found by its key, e.g. `ref.paymentMethod.name.cash`, `ref.setting.description.season.year`).
 * Codegen, the reference seed's test and the browser all build ids here.
 */
export const referenceTextId = (entity: string, field: string, key: string): string =>
  `ref.${entity.charAt(0).toLowerCase()}${entity.slice(1)}.${field}.${key}`;
