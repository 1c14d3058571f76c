/**
 * The quote editor's fields for the sales-tax example: 24 tees at $12.00 (apparel) and 12 caps at $20.00
 * (hats), good for years, half down. Under the tests' rules at the shop the tees owe no state share.
 */
export const teesAndCapsFields = {
  'label.0': 'Tees',
  'quantity.0': '24',
  'unit.0': '12.00',
  'class.0': 'apparel',
  'label.1': 'Caps',
  'quantity.1': '12',
  'unit.1': '20.00',
  'class.1': 'hats',
  validUntil: '2099-01-31',
  depositPercent: '50',
} as const;
