import { createContext, type ReactNode, useContext } from 'react';
import { dayIn, formatDateTime, formatDay } from '#shared/desk-format.ts';

/** The shop's time zone for the server-rendered desk and customer pages; UTC unless a page provides one. */
const ShopTimeZone = createContext('UTC');

export function ShopTimeZoneProvider({ timeZone, children }: { timeZone: string; children: ReactNode }) {
  return <ShopTimeZone.Provider value={timeZone}>{children}</ShopTimeZone.Provider>;
}

/** Moments as the shop's clock shows them: "Nov 23, 2026, 4:05 PM CST", or the day alone. */
export function useShopTime() {
  const timeZone = useContext(ShopTimeZone);
  return {
    dateTime: (iso: string) => formatDateTime(iso, timeZone),
    day: (iso: string) => formatDay(dayIn(iso, timeZone)),
  };
}
