import type { ReactNode } from 'react';
import { WholeWords } from './whole-words.tsx';

/** One column of a group's roster: its heading and what each person's cell holds. */
export interface RosterColumn<Row> {
  /** A column of buttons still has a heading, for screen readers only. */
  heading: ReactNode;
  cell: (row: Row) => ReactNode;
  /** Classes on the heading and on each cell, besides the roster's padding (hidden on a phone, say). */
  className?: string;
  /** Classes on the cells alone. */
  cellClassName?: string;
  /** The cell names the row's person: a row heading, read out before each of the row's other cells. */
  rowHeader?: boolean;
  /** A column of buttons or tick boxes closing the row: no gap after it. */
  end?: boolean;
}

/** A person's name, whole words only (see WholeWords). */
export const nameColumn: RosterColumn<{ name: string }> = {
  heading: 'Name',
  cell: (row) => <WholeWords text={row.name} />,
};

export const sizeColumn: RosterColumn<{ size: string }> = { heading: 'Size', cell: (row) => row.size };

export const quantityColumn: RosterColumn<{ quantity: number }> = { heading: 'Qty', cell: (row) => row.quantity };

/** What is printed on the back ("RUIZ 9"); short, but one long word must not widen the table. */
export const backColumn: RosterColumn<{ back: string }> = {
  heading: 'Back',
  cell: (row) => row.back,
  cellClassName: 'wrap-anywhere',
};

/**
 * How the roster sits on its page: in a page's section it scrolls sideways inside its own box rather
 * than widen the page; on a printed sheet it keeps a heavy rule under the headings and never splits a
 * row across two pages.
 */
const layouts = {
  section: { table: 'w-full text-left text-sm', head: 'border-b border-stone-300', row: 'border-b border-stone-200' },
  sheet: {
    table: 'mt-3 w-full text-left',
    head: 'border-b-2 border-stone-900',
    row: 'border-b border-stone-200 break-inside-avoid',
  },
} as const;

interface RosterTableProps<Row> {
  /** Says what the list is, to screen readers. */
  caption: string;
  rows: readonly Row[];
  /** The columns in order; `false` leaves one out (a column only some groups have). */
  columns: readonly (RosterColumn<NoInfer<Row>> | false)[];
  layout?: keyof typeof layouts;
  /** The rows' height: compact on the desk, roomier where a finger taps the buttons. */
  padding?: 'py-1' | 'py-2';
  /** Classes of the section's scrolling box (its margin). */
  className?: string;
}

/**
 * A group's roster as a table, one row per person: the organiser's section, the desk's request page
 * and the packing sheet each choose their columns. Each row carries the person's name (data-entry),
 * by which a row is found.
 */
export function RosterTable<Row extends { id: number; name: string }>({
  caption,
  rows,
  columns,
  layout = 'section',
  padding = 'py-1',
  className,
}: RosterTableProps<Row>) {
  const shown = columns.filter((column): column is RosterColumn<Row> => column !== false);
  const classes = (column: RosterColumn<Row>, ...extra: (string | undefined)[]) =>
    [column.className, padding, column.end ? undefined : 'pr-3', ...extra].filter(Boolean).join(' ');
  const style = layouts[layout];
  const table = (
    <table className={style.table}>
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className={style.head}>
          {shown.map((column, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed for the render
            <th key={index} scope="col" className={classes(column)}>
              {column.heading}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.id} className={style.row} data-entry={row.name}>
            {shown.map((column, index) =>
              column.rowHeader ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed for the render
                <th key={index} scope="row" className={classes(column, column.cellClassName)}>
                  {column.cell(row)}
                </th>
              ) : (
                // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed for the render
                <td key={index} className={classes(column, column.cellClassName)}>
                  {column.cell(row)}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
  if (layout === 'sheet') return table;
  return <div className={className ? `${className} overflow-x-auto` : 'overflow-x-auto'}>{table}</div>;
}
