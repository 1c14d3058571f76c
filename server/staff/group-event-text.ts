import { formatMoney } from '#shared/money.ts';

/**
 * A group order's line in the request's activity log, as the desk reads it: worded here, beside the desk's
 * other log lines, since the desk is where the log is read; the groups feature only writes the events.
 */
export function groupEventText(type: string, data: Record<string, unknown>): string {
  const who = typeof data.name === 'string' ? data.name : 'someone';
  const piece = `${String(data.size ?? '')}${Number(data.quantity) > 1 ? ` × ${String(data.quantity)}` : ''}`;
  switch (type) {
    case 'group_started':
      return `Started the group order “${String(data.title ?? '')}”`;
    case 'group_joined':
      return `${who} joined the group (${piece})`;
    case 'group_entry_changed':
      return `${who} changed their group entry (${piece})`;
    case 'group_entry_removed':
      return `${who}’s group entry was removed`;
    case 'group_closed': {
      const sizes =
        typeof data.sizes === 'object' && data.sizes !== null ? (data.sizes as Record<string, unknown>) : {};
      const counts = Object.entries(sizes)
        .filter(([, count]) => Number(count) > 0)
        .map(([size, count]) => `${size} ${String(count)}`)
        .join(', ');
      const pieces = `${String(data.quantity ?? 0)} pieces${counts ? ` (${counts})` : ''}`;
      const waiting = Number(data.waiting) > 0 ? `; ${String(data.waiting)} waiting for payment left out` : '';
      return data.kept === true
        ? `Closed the group order (${pieces} counted${waiting}); the request keeps its sizes`
        : `Closed the group order: ${pieces} are now the request’s sizes${waiting}`;
    }
    case 'group_deadline':
      return 'Moved the group’s deadline';
    case 'group_link_revoked':
      return 'Turned the group’s share link off';
    case 'group_link_replaced':
      return 'Made a new share link for the group (the old one no longer works)';
    case 'group_paid':
      return `${who} paid ${typeof data.amountCents === 'number' ? formatMoney(data.amountCents) : 'their share'} for the group`;
    default:
      return type;
  }
}
