import type { SupplierId } from '#shared/blanks/blanks-data.ts';

/**
 * Where each supplier's product file keeps what the import reads. The files carry many more columns
 * (descriptions, images, case and dozen prices, weights); only these are read, by their header's name,
 * so a column moved or added by the supplier changes nothing. docs/blanks.md lists them.
 */
export interface SupplierLayout {
  /** The supplier's own name for the file, said in a refusal. */
  file: string;
  sku: string;
  style: string;
  colour: string;
  size: string;
  /** The shop's own price per piece (its account's price), in dollars. */
  price: string;
  /** One column per warehouse, holding its stock; the column's name is the warehouse's code. */
  warehouses: readonly string[];
}

export const supplierLayouts: Record<SupplierId, SupplierLayout> = {
  // S&S Activewear's product file: one row per SKU, the account's price and a column per warehouse.
  'ss-activewear': {
    file: 'S&S Activewear product file',
    sku: 'Sku',
    style: 'StyleName',
    colour: 'ColorName',
    size: 'SizeName',
    price: 'CustomerPrice',
    warehouses: ['IL', 'KS', 'TX', 'GA', 'PA', 'NV'],
  },
  // SanMar's product data with its inventory joined: the upper-case names of its EPDD file.
  sanmar: {
    file: 'SanMar EPDD file',
    sku: 'UNIQUE_KEY',
    style: 'STYLE#',
    colour: 'COLOR_NAME',
    size: 'SIZE',
    price: 'PIECE_PRICE',
    warehouses: ['MINNEAPOLIS', 'CINCINNATI', 'DALLAS', 'JACKSONVILLE', 'ROBBINSVILLE', 'RENO', 'SEATTLE'],
  },
  // alphabroder's price and inventory file: its item number is the SKU, warehouses by their two letters.
  alphabroder: {
    file: 'alphabroder price and inventory file',
    sku: 'Item Number',
    style: 'Style',
    colour: 'Color Name',
    size: 'Size',
    price: 'Piece Price',
    warehouses: ['KC', 'CC', 'GD', 'PH', 'FO'],
  },
};

/** Every column a layout reads, in the order docs/blanks.md lists them. */
export function layoutColumns(layout: SupplierLayout): string[] {
  return [layout.sku, layout.style, layout.colour, layout.size, layout.price, ...layout.warehouses];
}
